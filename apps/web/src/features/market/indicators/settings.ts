/**
 * Which indicators the chart shows and with which parameters: one overlay on the price pane
 * (MA, EMA or BOLL) and up to two panes under it (VOL, MACD, RSI, KDJ). A device preference,
 * kept in localStorage under a versioned key so a later shape can ignore an old one.
 */

export type OverlayKind = 'ma' | 'ema' | 'boll';
export type PaneKind = 'vol' | 'macd' | 'rsi' | 'kdj';
export type IndicatorKind = OverlayKind | PaneKind;

export const overlayKinds: readonly OverlayKind[] = ['ma', 'ema', 'boll'];
export const paneKinds: readonly PaneKind[] = ['vol', 'macd', 'rsi', 'kdj'];
export const indicatorKinds: readonly IndicatorKind[] = [...overlayKinds, ...paneKinds];
export const MAX_PANES = 2;

/** The parameters of each indicator, as numbers in a fixed order (see `paramSpecs`). */
export type IndicatorParams = Record<IndicatorKind, readonly number[]>;

export interface IndicatorSettings {
  overlay: OverlayKind | null;
  /** In the order they were switched on; at most `MAX_PANES`. */
  panes: readonly PaneKind[];
  params: IndicatorParams;
}

/** What one parameter means (its label key), its range and whether it may have decimals. */
export interface ParamSpec {
  label: string;
  min: number;
  max: number;
  integer: boolean;
}

const period = (label: string): ParamSpec => ({ label, min: 1, max: 250, integer: true });

export const paramSpecs: Record<IndicatorKind, readonly ParamSpec[]> = {
  ma: [period('period1'), period('period2'), period('period3'), period('period4')],
  ema: [period('period1'), period('period2')],
  boll: [period('period'), { label: 'width', min: 0.1, max: 5, integer: false }],
  vol: [period('period1'), period('period2')],
  macd: [period('fast'), period('slow'), period('signal')],
  rsi: [period('period1'), period('period2'), period('period3')],
  kdj: [period('period'), period('smoothK'), period('smoothD')],
};

export const defaultParams: IndicatorParams = {
  ma: [5, 10, 20, 60],
  ema: [12, 26],
  boll: [20, 2],
  vol: [5, 10],
  macd: [12, 26, 9],
  rsi: [6, 12, 24],
  kdj: [9, 3, 3],
};

export const defaultSettings: IndicatorSettings = { overlay: 'ma', panes: [], params: defaultParams };

/** Why a parameter is refused; a key of `ui.indicators.error.*`. */
export type ParamError = 'number' | 'integer' | 'range' | 'fastSlow';

/** Checks one parameter typed by the user; the value when it is fine. */
export function parseParam(raw: string, spec: ParamSpec): { value: number } | { error: ParamError } {
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: 'number' };
  const value = Number(text);
  if (spec.integer && !Number.isInteger(value)) return { error: 'integer' };
  if (value < spec.min || value > spec.max) return { error: 'range' };
  return { value };
}

/** The rule across parameters: MACD's fast average must be shorter than its slow one. */
export function crossError(kind: IndicatorKind, values: readonly number[]): ParamError | null {
  if (kind === 'macd' && (values[0] ?? 0) >= (values[1] ?? 0)) return 'fastSlow';
  return null;
}

function validParams(kind: IndicatorKind, values: unknown): values is readonly number[] {
  const specs = paramSpecs[kind];
  return (
    Array.isArray(values) &&
    values.length === specs.length &&
    values.every((value, i) => {
      const spec = specs[i];
      return (
        spec !== undefined &&
        typeof value === 'number' &&
        'value' in parseParam(String(value), spec) &&
        (!spec.integer || Number.isInteger(value))
      );
    }) &&
    crossError(kind, values as number[]) === null
  );
}

export const SETTINGS_KEY = 'chartIndicators.v1';

/** Reads stored settings; anything missing or malformed falls back to the default, field by field. */
export function parseSettings(raw: string | null): IndicatorSettings {
  if (raw === null) return defaultSettings;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return defaultSettings;
  }
  if (typeof stored !== 'object' || stored === null) return defaultSettings;
  const record = stored as Record<string, unknown>;
  const overlay =
    record.overlay === null
      ? null
      : overlayKinds.includes(record.overlay as OverlayKind)
        ? (record.overlay as OverlayKind)
        : defaultSettings.overlay;
  const panes = Array.isArray(record.panes)
    ? [...new Set(record.panes.filter((p): p is PaneKind => paneKinds.includes(p as PaneKind)))].slice(0, MAX_PANES)
    : defaultSettings.panes;
  const storedParams = (typeof record.params === 'object' && record.params !== null ? record.params : {}) as Record<
    string,
    unknown
  >;
  const params = Object.fromEntries(
    indicatorKinds.map((kind) => {
      const values = storedParams[kind];
      return [kind, validParams(kind, values) ? values : defaultParams[kind]];
    }),
  ) as IndicatorParams;
  return { overlay, panes, params };
}

export function loadSettings(): IndicatorSettings {
  try {
    return parseSettings(typeof localStorage === 'undefined' ? null : localStorage.getItem(SETTINGS_KEY));
  } catch {
    return defaultSettings;
  }
}

export function saveSettings(settings: IndicatorSettings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // private mode without storage: the choice holds for this visit
  }
}

/** Switches a pane on or off; switching on a third drops the oldest, so at most two are shown. */
export function togglePane(panes: readonly PaneKind[], kind: PaneKind): readonly PaneKind[] {
  if (panes.includes(kind)) return panes.filter((p) => p !== kind);
  return [...panes, kind].slice(-MAX_PANES);
}
