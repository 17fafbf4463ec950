/**
 * The account's value and its benchmark on one chart (docs/api.md §24.1), drawn with the chart
 * library the market screens use (lightweight-charts): the value on the right scale in the
 * account's currency, the benchmark's cumulative return on the left scale in percent. Colours
 * follow the theme (read from its CSS variables, as the price chart does).
 */
import { Dec, type Performance } from '@brokerage/contract';
import { createChart, LineSeries, type IChartApi, type Time } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../lib/format';

function cssVar(name: string, fallback: string): string {
  if (typeof getComputedStyle !== 'function') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

const timeOf = (date: string) => date as Time;

export function ReturnsChart({ data }: { data: Performance }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const container = box.current;
    if (!container) return undefined;
    let chart: IChartApi;
    try {
      chart = createChart(container, {
        autoSize: true,
        layout: {
          attributionLogo: false,
          fontSize: 11,
          textColor: cssVar('--text-secondary', '#8a8f99'),
          background: { color: 'transparent' },
        },
        grid: {
          vertLines: { visible: false },
          horzLines: { color: cssVar('--divider', '#e5e6eb') },
        },
        leftPriceScale: { visible: data.benchmark !== null, borderVisible: false },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false },
        handleScale: false,
        handleScroll: false,
      });
    } catch {
      setFailed(true);
      return undefined;
    }
    const value = chart.addSeries(LineSeries, {
      color: cssVar('--brand', '#1f6feb'),
      lineWidth: 2,
      priceScaleId: 'right',
      title: t('ui.returns.chart.value'),
    });
    value.setData(data.series.map((d) => ({ time: timeOf(d.date), value: Number(d.value) })));
    if (data.benchmark) {
      const bench = chart.addSeries(LineSeries, {
        color: cssVar('--text-secondary', '#8a8f99'),
        lineWidth: 1,
        lineStyle: 2,
        priceScaleId: 'left',
        title: t('ui.returns.chart.benchmark'),
        priceFormat: {
          type: 'custom',
          formatter: (v: number) => `${formatDecimal(new Dec(v).times(100), 2, 'half_up')}%`,
        },
      });
      bench.setData(data.benchmark.series.map((d) => ({ time: timeOf(d.date), value: Number(d.return) })));
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [data, t]);
  if (failed) return null;
  return (
    <div
      ref={box}
      className="returns-chart"
      role="img"
      aria-label={t('ui.returns.chart.label')}
      data-testid="returns-chart"
    />
  );
}
