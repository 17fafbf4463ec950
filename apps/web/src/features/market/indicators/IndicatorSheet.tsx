import { Button } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/BottomSheet';
import {
  crossError,
  defaultParams,
  overlayKinds,
  paneKinds,
  paramSpecs,
  parseParam,
  togglePane,
  type IndicatorKind,
  type IndicatorSettings,
  type OverlayKind,
  type ParamError,
} from './settings';

/**
 * The parameters of one indicator as the user types them. A valid set is applied at once; an
 * invalid field shows its reason beside it and the chart keeps the last valid values.
 */
function ParamFields({
  kind,
  values,
  onApply,
}: {
  kind: IndicatorKind;
  values: readonly number[];
  onApply: (values: number[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const specs = paramSpecs[kind];
  const [drafts, setDrafts] = useState(() => values.map(String));
  useEffect(() => setDrafts(values.map(String)), [values]);
  const parsed = specs.map((spec, i) => parseParam(drafts[i] ?? '', spec));
  const numbers = parsed.map((p) => ('value' in p ? p.value : null));
  const cross = numbers.every((n) => n !== null) ? crossError(kind, numbers as number[]) : null;
  const errorOf = (i: number): ParamError | null => {
    const p = parsed[i];
    if (p && 'error' in p) return p.error;
    // The cross rule is shown beside the slow period of MACD.
    return cross !== null && i === 1 ? cross : null;
  };

  const change = (i: number, raw: string) => {
    const next = drafts.map((d, j) => (j === i ? raw : d));
    setDrafts(next);
    const checked = specs.map((spec, j) => parseParam(next[j] ?? '', spec));
    if (checked.every((p) => 'value' in p)) {
      const valid = checked.map((p) => ('value' in p ? p.value : 0));
      if (crossError(kind, valid) === null) onApply(valid);
    }
  };

  return (
    <fieldset className="ind-params" data-testid={`params-${kind}`}>
      <legend>{t('ui.indicators.settingsOf', { name: kind.toUpperCase() })}</legend>
      <div className="ind-param-grid">
        {specs.map((spec, i) => {
          const error = errorOf(i);
          const inputId = `${id}-${i}`;
          return (
            <div className="field" key={spec.label}>
              <label htmlFor={inputId}>{t(`ui.indicators.param.${spec.label}`)}</label>
              <div className={error ? 'control invalid' : 'control'}>
                <input
                  id={inputId}
                  inputMode={spec.integer ? 'numeric' : 'decimal'}
                  value={drafts[i] ?? ''}
                  onChange={(event) => change(i, event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  data-testid={`param-${kind}-${i}`}
                />
              </div>
              {error ? (
                <span className="error" id={`${inputId}-error`} role="alert" data-testid={`param-${kind}-${i}-error`}>
                  {t(`ui.indicators.error.${error}`, { min: spec.min, max: spec.max })}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

interface IndicatorSheetProps {
  open: boolean;
  settings: IndicatorSettings;
  onChange: (settings: IndicatorSettings) => void;
  onClose: () => void;
}

/**
 * The chooser (issue 25 item 4): one overlay on the prices, up to two panes under the chart,
 * and the parameters of each indicator switched on. Every change applies and is saved at once.
 */
export function IndicatorSheet({ open, settings, onChange, onClose }: IndicatorSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const active: IndicatorKind[] = [...(settings.overlay ? [settings.overlay] : []), ...settings.panes];
  const setOverlay = (overlay: OverlayKind | null) => onChange({ ...settings, overlay });
  const chip = (key: string, label: string, pressed: boolean, onPress: () => void) => (
    <button
      key={key}
      type="button"
      className="chip"
      aria-pressed={pressed}
      onClick={onPress}
      data-testid={`indicator-${key}`}
    >
      {label}
    </button>
  );
  return (
    <BottomSheet open={open} onClose={onClose} title={t('ui.indicators.title')} testId="indicator-sheet">
      <section aria-labelledby={`${id}-overlay`}>
        <h3 id={`${id}-overlay`} className="ind-group-title">
          {t('ui.indicators.overlay')}
        </h3>
        <div className="ind-chips" role="group" aria-labelledby={`${id}-overlay`}>
          {chip('none', t('ui.indicators.none'), settings.overlay === null, () => setOverlay(null))}
          {overlayKinds.map((kind) =>
            chip(kind, t(`ui.indicators.name.${kind}`), settings.overlay === kind, () => setOverlay(kind)),
          )}
        </div>
      </section>
      <section aria-labelledby={`${id}-panes`}>
        <h3 id={`${id}-panes`} className="ind-group-title">
          {t('ui.indicators.panes')}
        </h3>
        <div className="ind-chips" role="group" aria-labelledby={`${id}-panes`} aria-describedby={`${id}-hint`}>
          {paneKinds.map((kind) =>
            chip(kind, t(`ui.indicators.name.${kind}`), settings.panes.includes(kind), () =>
              onChange({ ...settings, panes: togglePane(settings.panes, kind) }),
            ),
          )}
        </div>
        <p id={`${id}-hint`} className="caption muted">
          {t('ui.indicators.panesHint')}
        </p>
      </section>
      {active.map((kind) => (
        <ParamFields
          key={kind}
          kind={kind}
          values={settings.params[kind]}
          onApply={(values) => onChange({ ...settings, params: { ...settings.params, [kind]: values } })}
        />
      ))}
      {active.length > 0 ? (
        <Button
          fill="outline"
          onClick={() => {
            const params = { ...settings.params };
            for (const kind of active) params[kind] = defaultParams[kind];
            onChange({ ...settings, params });
          }}
          data-testid="indicator-reset"
        >
          {t('ui.indicators.reset')}
        </Button>
      ) : null}
      <p className="caption muted">{t('ui.indicators.saved')}</p>
    </BottomSheet>
  );
}
