import type { Candle, TimeSharePoint, WsQuote } from '@brokerage/contract';
import dayjs from 'dayjs';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIntraday, useCandles, type Adjust, type ChartRange, type Period } from './market-queries';
import { ErrorRetry } from '../../components/States';
import { formatChartTime, formatPrice } from '../../lib/format';
import { effectiveUpColour, useSession } from '../../store/session';
import {
  applyTickToCandle,
  applyTickToPoint,
  avgPoint,
  candleBar,
  candleVolume,
  isCandle,
  isTimeSharePoint,
  pointVolume,
  pricePoint,
  type ChartColours,
} from './chart-data';
import { computeIndicators } from './indicators/compute';
import { candleToBar } from './indicators/bars';
import { activeKinds, type ChartIndicators } from './indicators/engine';
import {
  addIndicator,
  barIndexAt,
  lineColourVars,
  setIndicatorData,
  updateIndicatorTail,
  type DrawnIndicator,
  type IndicatorColours,
} from './indicators/indicator-series';
import { decimalsOf, formatIndicator, formatVolume, IndicatorLegend, legendRows } from './indicators/IndicatorLegend';
import { IndicatorSheet } from './indicators/IndicatorSheet';
import { useIndicatorSettings } from './indicators/useIndicatorSettings';
import './indicators/indicators.css';

type Series =
  | {
      kind: 'bars';
      candles: ISeriesApi<'Candlestick'>;
      /** The volume under the candles; null when the VOL pane draws it instead. */
      volume: ISeriesApi<'Histogram'> | null;
      indicators: DrawnIndicator[];
    }
  | { kind: 'line'; price: ISeriesApi<'Line'>; avg: ISeriesApi<'Line'>; volume: ISeriesApi<'Histogram'> };

/** Line colours of the indicators when the theme's variables cannot be read (tests). */
const indicatorFallback = ['#d08c00', '#8e44c9', '#1778b8', '#c2185b'];

const fallback = {
  green: '#0b7a41',
  red: '#c4320a',
  text: '#5b6170',
  divider: '#e4e6eb',
  card: '#ffffff',
  brand: '#1a3c8f',
};

function cssVar(name: string, fallbackValue: string): string {
  if (typeof getComputedStyle !== 'function') return fallbackValue;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallbackValue;
}

/** Hex colour with an alpha channel, for translucent volume bars. */
function withAlpha(colour: string, alpha: string): string {
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}${alpha}` : colour;
}

/** The chart follows the up/down colour setting and the light/dark theme (canvas cannot read CSS variables itself). */
function readColours(): ChartColours & IndicatorColours & { text: string; grid: string; background: string } {
  const up = cssVar('--up-color', fallback.green);
  const down = cssVar('--down-color', fallback.red);
  return {
    up,
    down,
    line: cssVar('--brand', fallback.brand),
    avg: '#e0a100',
    volumeUp: withAlpha(up, '80'),
    volumeDown: withAlpha(down, '80'),
    text: cssVar('--text-secondary', fallback.text),
    grid: cssVar('--divider', fallback.divider),
    background: cssVar('--card-bg', fallback.card),
    lines: lineColourVars.map((name, i) => cssVar(name, indicatorFallback[i] ?? fallback.brand)),
  };
}

/** Pane heights relative to each other: the prices keep most of the room. */
const PRICE_PANE_STRETCH = 3;
const INDICATOR_PANE_STRETCH = 1;

/** Re-reads colours when the theme attribute of the root changes. */
function useColourScheme(): string {
  const [scheme, setScheme] = useState(
    () => document.documentElement.getAttribute('data-prefers-color-scheme') ?? 'light',
  );
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(() =>
      setScheme(document.documentElement.getAttribute('data-prefers-color-scheme') ?? 'light'),
    );
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-prefers-color-scheme'] });
    return () => observer.disconnect();
  }, []);
  return scheme;
}

function timeOf(time: Time): dayjs.Dayjs {
  return typeof time === 'number'
    ? dayjs(time * 1000)
    : dayjs(typeof time === 'string' ? time : `${time.year}-${time.month}-${time.day}`);
}

/**
 * The axis and crosshair labels in the headline's format (thousands separators, the
 * instrument's decimals). The chart hands over a float; it is only displayed, never computed with.
 */
export function chartPriceFormatter(priceScale: number): (price: number) => string {
  return (price) => (Number.isFinite(price) ? formatPrice(price.toFixed(priceScale), priceScale) : '');
}

/** Room above the highest and below the lowest price, so the last-price label clears the axis labels and the volume bars. */
export const PRICE_SCALE_MARGINS = { top: 0.14, bottom: 0.28 } as const;
/** The same when the VOL pane draws the volume: no volume bars under the candles. */
const PRICE_SCALE_MARGINS_NO_VOLUME = { top: 0.1, bottom: 0.08 } as const;

/** The price scale's format: the instrument's decimals and the headline's separators. */
function pricePriceFormat(priceScale: number) {
  return { type: 'custom', formatter: chartPriceFormatter(priceScale), minMove: 10 ** -priceScale } as const;
}

interface PriceChartProps {
  instrumentId: string;
  /** Decimals of the instrument's prices (the quote's `priceScale`). */
  priceScale: number;
  period: Period;
  adjust: Adjust;
  range: ChartRange | null;
  live: WsQuote | undefined;
  /** Accessible name of the chart region. */
  label: string;
}

/**
 * The price chart (lightweight-charts): candlesticks and volume for bar periods, the price line
 * with its average and volume for time-share. It fills and follows its container, redraws in
 * the user's up/down colours, moves the last bar with live quotes, and is destroyed on unmount.
 *
 * Attribution (Apache-2.0 NOTICE of lightweight-charts): "TradingView Lightweight Charts™,
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/". The licence asks for that
 * notice and a link to tradingview.com on a page users can reach; the About page carries both
 * (`ChartAttribution`), so the logo on the chart itself is turned off.
 */
export function PriceChart({ instrumentId, priceScale, period, adjust, range, live, label }: PriceChartProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<Series | null>(null);
  const lastRef = useRef<Candle | TimeSharePoint | null>(null);
  const coloursRef = useRef(readColours());
  const candles = useCandles(instrumentId, period, adjust, range);
  const upColour = useSession(effectiveUpColour);
  const scheme = useColourScheme();
  const effectivePeriod: Period = range ? '1d' : period;
  const intraday = isIntraday(effectivePeriod);
  const [failed, setFailed] = useState(false);
  const [settings, setSettings] = useIndicatorSettings();
  const [sheetOpen, setSheetOpen] = useState(false);
  const engineRef = useRef<ChartIndicators | null>(null);
  // The crosshair's bar (chart time), null without a hover; `drawn` counts redraws of the legend's data.
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(0);
  const language = useSession((s) => s.language);

  // Create the chart once; destroy it on unmount.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let chart: IChartApi;
    try {
      chart = createChart(container, {
        autoSize: true,
        layout: { attributionLogo: false, fontSize: 11 },
        rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: PRICE_SCALE_MARGINS },
        timeScale: { borderVisible: false, rightOffset: 2 },
        handleScale: { axisPressedMouseMove: false },
      });
    } catch {
      setFailed(true);
      return undefined;
    }
    chartRef.current = chart;
    const onCrosshair = (param: MouseEventParams<Time>) =>
      setHoverTime(typeof param.time === 'number' ? param.time : null);
    chart.subscribeCrosshairMove(onCrosshair);
    return () => {
      chart.unsubscribeCrosshairMove(onCrosshair);
      seriesRef.current = null;
      chartRef.current = null;
      engineRef.current = null;
      chart.remove();
    };
  }, []);

  // Theme and time formatting.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const colours = readColours();
    coloursRef.current = colours;
    chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: colours.background },
        textColor: colours.text,
        panes: { separatorColor: colours.grid, separatorHoverColor: colours.grid },
      },
      grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
      // Each series formats its own scale (prices, volumes, oscillators): a chart-wide
      // priceFormatter would override them all.
      localization: {
        timeFormatter: (time: Time) => formatChartTime(timeOf(time).toDate(), intraday ? 'barIntraday' : 'bar'),
      },
      timeScale: {
        timeVisible: intraday,
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: TickMarkType) => {
          const at = timeOf(time).toDate();
          if (type === TickMarkType.Year) return formatChartTime(at, 'year');
          if (type === TickMarkType.Month) return formatChartTime(at, 'month');
          if (type === TickMarkType.DayOfMonth) return formatChartTime(at, 'day');
          return formatChartTime(at, 'time');
        },
      },
    });
  }, [upColour, scheme, intraday, priceScale, language]);

  // (Re)build the series whenever the data, the kind of chart or the colours change.
  useEffect(() => {
    const chart = chartRef.current;
    const list = candles.data?.list;
    if (!chart || !list) return undefined;
    let cancelled = false;
    const colours = readColours();
    coloursRef.current = colours;
    const previous = seriesRef.current;
    if (previous) {
      for (const series of previous.kind === 'bars'
        ? [previous.candles, previous.volume, ...previous.indicators.flatMap((d) => d.series)]
        : [previous.price, previous.avg, previous.volume]) {
        if (series) chart.removeSeries(series);
      }
      // Indicator panes go with their series; the price pane stays.
      for (let pane = chart.panes().length - 1; pane > 0; pane -= 1) chart.removePane(pane);
      seriesRef.current = null;
    }
    engineRef.current = null;
    const isBars = effectivePeriod !== 'time_share';
    const addVolume = () => {
      const series = chart.addSeries(HistogramSeries, {
        priceFormat: { type: 'volume' },
        priceScaleId: 'volume',
        lastValueVisible: false,
        priceLineVisible: false,
      });
      series.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      return series;
    };
    if (!isBars) {
      const volume = addVolume();
      const points = list.filter(isTimeSharePoint);
      // The last price is the headline above the chart; its axis label would sit on top of an
      // axis tick (lightweight-charts does not hide colliding ticks), so only the dotted line marks it.
      const price = chart.addSeries(LineSeries, {
        priceFormat: pricePriceFormat(priceScale),
        color: colours.line,
        lineWidth: 2,
        priceLineVisible: true,
        lastValueVisible: false,
      });
      const avg = chart.addSeries(LineSeries, {
        color: colours.avg,
        lineWidth: 1,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
      });
      price.priceScale().applyOptions({ scaleMargins: PRICE_SCALE_MARGINS });
      price.setData(points.map(pricePoint));
      avg.setData(points.map(avgPoint));
      volume.setData(points.map((point, i) => pointVolume(point, points[i - 1], colours)));
      seriesRef.current = { kind: 'line', price, avg, volume };
      lastRef.current = points[points.length - 1] ?? null;
    } else {
      const bars = list.filter(isCandle);
      // The VOL pane, when switched on, draws the volume with its averages; otherwise it stays under the candles.
      const volume = settings.panes.includes('vol') ? null : addVolume();
      const series = chart.addSeries(CandlestickSeries, {
        priceFormat: pricePriceFormat(priceScale),
        upColor: colours.up,
        downColor: colours.down,
        wickUpColor: colours.up,
        wickDownColor: colours.down,
        borderVisible: false,
        lastValueVisible: false,
      });
      series.priceScale().applyOptions({ scaleMargins: volume ? PRICE_SCALE_MARGINS : PRICE_SCALE_MARGINS_NO_VOLUME });
      series.setData(bars.map(candleBar));
      volume?.setData(bars.map((bar) => candleVolume(bar, colours)));
      const kinds = activeKinds(settings);
      const indicators = kinds.map((kind) => {
        const pane = kind === settings.overlay ? 0 : 1 + settings.panes.findIndex((p) => p === kind);
        const format =
          kind === 'vol'
            ? { formatter: (value: number) => formatVolume(value, language), minMove: 1 }
            : {
                formatter: (value: number) => formatIndicator(value, decimalsOf(kind, priceScale)),
                minMove: 10 ** -decimalsOf(kind, priceScale),
              };
        return addIndicator(chart, kind, settings.params, pane, colours, format);
      });
      const panes = chart.panes();
      panes.forEach((pane, i) => pane.setStretchFactor(i === 0 ? PRICE_PANE_STRETCH : INDICATOR_PANE_STRETCH));
      seriesRef.current = { kind: 'bars', candles: series, volume, indicators };
      lastRef.current = bars[bars.length - 1] ?? null;
      // The full computation runs in the worker (indicators/compute.ts); the panes are already in place.
      void computeIndicators(kinds, settings.params, bars.map(candleToBar)).then((engine) => {
        if (cancelled) return;
        // A live tick may have moved the last bar while the worker computed.
        const last = lastRef.current;
        if (last && isCandle(last)) engine.apply(candleToBar(last));
        for (const drawnIndicator of indicators) {
          setIndicatorData(drawnIndicator, engine, settings.params, coloursRef.current);
        }
        engineRef.current = engine;
        setDrawn((n) => n + 1);
      });
    }
    chart.timeScale().fitContent();
    return () => {
      cancelled = true;
    };
  }, [candles.data, effectivePeriod, upColour, scheme, settings, priceScale, language]);

  // Live ticks move the last bar or time-share point.
  useEffect(() => {
    const series = seriesRef.current;
    const last = lastRef.current;
    if (!live || !series || !last) return;
    const colours = coloursRef.current;
    try {
      if (series.kind === 'line' && isTimeSharePoint(last)) {
        const next = applyTickToPoint(last, live.price, live.ts);
        if (!next) return;
        series.price.update(pricePoint(next));
        series.avg.update(avgPoint(next));
        if (next.t !== last.t) series.volume.update(pointVolume(next, last, colours));
        lastRef.current = next;
      } else if (series.kind === 'bars' && isCandle(last)) {
        const next = applyTickToCandle(last, live.price, live.ts, effectivePeriod);
        if (!next) return;
        series.candles.update(candleBar(next));
        series.volume?.update(candleVolume(next, colours));
        lastRef.current = next;
        // Only the tail of each indicator is recomputed and redrawn.
        const engine = engineRef.current;
        if (engine && engine.apply(candleToBar(next)) !== null) {
          for (const drawnIndicator of series.indicators) {
            updateIndicatorTail(drawnIndicator, engine, settings.params, colours);
          }
          setDrawn((n) => n + 1);
        }
      }
    } catch {
      // A tick that the library refuses (out of order after a refetch) is dropped; the next refetch redraws.
    }
  }, [live, effectivePeriod, settings.params]);

  const empty = candles.data !== undefined && (candles.data?.list ?? []).length === 0;
  const isBars = effectivePeriod !== 'time_share';
  const engine = engineRef.current;
  const hoverIndex = engine && hoverTime !== null ? barIndexAt(engine.bars, hoverTime) : null;
  const legendIndex = engine ? (hoverIndex ?? engine.length - 1) : -1;
  return (
    <div className="chart-wrap" aria-busy={candles.isPending}>
      {isBars ? (
        <div className="ind-toolbar" data-drawn={drawn}>
          {/* First, floated: the legend's rows wrap beside it and use the full width below it. */}
          <button
            type="button"
            className="ind-button"
            aria-haspopup="dialog"
            aria-expanded={sheetOpen}
            onClick={() => setSheetOpen(true)}
            data-testid="indicator-button"
          >
            {t('ui.indicators.button')}
          </button>
          {engine ? (
            <IndicatorLegend
              bar={engine.bars[legendIndex]}
              rows={legendRows(engine, settings.params, legendIndex, priceScale, language)}
              priceScale={priceScale}
              language={language}
              intraday={intraday}
            />
          ) : null}
        </div>
      ) : null}
      <div
        ref={containerRef}
        className={isBars && settings.panes.length > 0 ? `chart-canvas panes-${settings.panes.length}` : 'chart-canvas'}
        data-testid="chart-canvas"
        role="img"
        aria-label={label}
        data-period={effectivePeriod}
        data-bars={candles.data?.list.length ?? 0}
      />
      {candles.isPending ? (
        <div className="chart-overlay" role="status">
          {t('ui.common.loading')}
        </div>
      ) : null}
      {candles.isError || failed ? (
        <div className="chart-overlay">
          <ErrorRetry text={t('ui.chart.error')} onRetry={() => void candles.refetch()} />
        </div>
      ) : null}
      {empty ? <div className="chart-overlay muted">{t('ui.chart.empty')}</div> : null}
      {isBars ? (
        <IndicatorSheet
          open={sheetOpen}
          settings={settings}
          onChange={setSettings}
          onClose={() => setSheetOpen(false)}
        />
      ) : null}
    </div>
  );
}
