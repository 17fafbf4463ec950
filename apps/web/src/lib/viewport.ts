/**
 * Spec §1/§9: the root font size is 200/750 of the viewport width, the width capped at 750 px
 * (so about 104 px on a 390 px phone and 200 px on a desktop, where the app is a 750 px column).
 */
export const DESIGN_WIDTH = 750;
export const ROOT_FONT_AT_DESIGN_WIDTH = 200;

export function rootFontSize(viewportWidth: number): number {
  const width = Math.min(Math.max(viewportWidth, 0), DESIGN_WIDTH);
  return (width * ROOT_FONT_AT_DESIGN_WIDTH) / DESIGN_WIDTH;
}

export function applyRootFontSize(): void {
  const width = document.documentElement.clientWidth || window.innerWidth;
  document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
}

export function watchRootFontSize(): () => void {
  applyRootFontSize();
  window.addEventListener('resize', applyRootFontSize);
  window.addEventListener('orientationchange', applyRootFontSize);
  return () => {
    window.removeEventListener('resize', applyRootFontSize);
    window.removeEventListener('orientationchange', applyRootFontSize);
  };
}

/** The dark theme follows `prefers-color-scheme` (antd-mobile reads the same attribute). */
export function watchColourScheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => document.documentElement.setAttribute('data-prefers-color-scheme', query.matches ? 'dark' : 'light');
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
