import { useEffect, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';

export interface Slide {
  key: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The start screen's welcome slides: a row the finger scrolls (CSS scroll snap, the browser's own
 * swipe), moved on every 3 s, back to the first after the last, unless the user asked for reduced
 * motion or is touching it. Written for this screen instead of antd-mobile's Swiper, whose
 * animation and gesture libraries were ~27 KB gzip of the first screen's JavaScript on `/`
 * (issue "A newcomer's first hour").
 */
export function StartSlides({ slides, intervalMs = 3000 }: { slides: readonly Slide[]; intervalMs?: number }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held || prefersReducedMotion() || slides.length < 2) return undefined;
    const timer = setInterval(() => {
      const row = track.current;
      if (!row || row.clientWidth === 0 || typeof row.scrollTo !== 'function') return;
      const next = (Math.round(row.scrollLeft / row.clientWidth) + 1) % slides.length;
      row.scrollTo({ left: next * row.clientWidth, behavior: 'smooth' });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [held, intervalMs, slides.length]);

  return (
    <div className="start-slides">
      <div
        ref={track}
        className="start-track"
        role="region"
        aria-roledescription="carousel"
        aria-label={t('ui.start.welcome')}
        data-testid="start-slides"
        onScroll={(event) => {
          const row = event.currentTarget;
          if (row.clientWidth > 0) setActive(Math.round(row.scrollLeft / row.clientWidth));
        }}
        onPointerDown={() => setHeld(true)}
        onPointerUp={() => setHeld(false)}
        onPointerCancel={() => setHeld(false)}
      >
        {slides.map(({ key, Icon }, index) => (
          <div
            key={key}
            className="start-slide"
            role="group"
            aria-roledescription="slide"
            aria-hidden={index === active ? undefined : true}
          >
            <Icon />
            <h2>{t(`ui.start.${key}Title`)}</h2>
            <p>{t(`ui.start.${key}Text`)}</p>
          </div>
        ))}
      </div>
      <div className="start-dots" aria-hidden="true">
        {slides.map(({ key }, index) => (
          <i key={key} className={index === active ? 'active' : undefined} />
        ))}
      </div>
    </div>
  );
}
