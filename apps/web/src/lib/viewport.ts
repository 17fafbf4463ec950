/**
 * Spec §1/§9: the root font size is 200/750 of the viewport width, the width capped at 750 px
 * (so about 104 px on a 390 px phone and 200 px on a desktop, where the app is a 750 px column).
 */
import { watchTheme } from './theme';

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

/**
 * The dark theme follows `prefers-color-scheme` unless the user chose light or dark in Settings
 * (lib/theme.ts); antd-mobile reads the same root attribute.
 */
export function watchColourScheme(): () => void {
  return watchTheme();
}
