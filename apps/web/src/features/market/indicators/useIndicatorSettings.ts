import { useCallback, useState } from 'react';
import { loadSettings, saveSettings, type IndicatorSettings } from './settings';

/** The indicator settings of this device: read once, saved on every change. */
export function useIndicatorSettings(): [IndicatorSettings, (next: IndicatorSettings) => void] {
  const [settings, setSettings] = useState(loadSettings);
  const update = useCallback((next: IndicatorSettings) => {
    setSettings(next);
    saveSettings(next);
  }, []);
  return [settings, update];
}
