/** UI strings of the theme setting and the chart's adjustment help, per language (merged into `uiMessages`). */
import type { Language } from '@brokerage/contract';

export const appearanceUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.setting.theme': 'Appearance',
    'ui.setting.theme.system': 'Same as device',
    'ui.setting.theme.light': 'Light',
    'ui.setting.theme.dark': 'Dark',
    'ui.setting.themeHint': 'Saved on this device.',
    'ui.chart.adjustHelp.none': 'Prices as traded: dividends and splits show as gaps.',
    'ui.chart.adjustHelp.forward':
      "Past prices adjusted for dividends and splits, so the chart runs into today's price.",
    'ui.chart.adjustHelp.backward': 'Later prices adjusted from the first day, so the chart shows the total return.',
  },
  de: {
    'ui.setting.theme': 'Darstellung',
    'ui.setting.theme.system': 'Wie Gerät',
    'ui.setting.theme.light': 'Hell',
    'ui.setting.theme.dark': 'Dunkel',
    'ui.setting.themeHint': 'Wird auf diesem Gerät gespeichert.',
    'ui.chart.adjustHelp.none': 'Kurse wie gehandelt: Dividenden und Splits erscheinen als Lücken.',
    'ui.chart.adjustHelp.forward': 'Frühere Kurse um Dividenden und Splits bereinigt, passend zum heutigen Kurs.',
    'ui.chart.adjustHelp.backward': 'Spätere Kurse ab dem ersten Tag bereinigt, der Chart zeigt die Gesamtrendite.',
  },
  zh: {
    'ui.setting.theme': '外觀',
    'ui.setting.theme.system': '跟隨裝置',
    'ui.setting.theme.light': '淺色',
    'ui.setting.theme.dark': '深色',
    'ui.setting.themeHint': '僅儲存在此裝置。',
    'ui.chart.adjustHelp.none': '按實際成交價顯示，除息與拆股會形成缺口。',
    'ui.chart.adjustHelp.forward': '以今日價格為準，按除息與拆股調整過去的價格，走勢連續。',
    'ui.chart.adjustHelp.backward': '以首日價格為準調整之後的價格，顯示累計總報酬。',
  },
  esp: {
    'ui.setting.theme': 'Apariencia',
    'ui.setting.theme.system': 'Como el dispositivo',
    'ui.setting.theme.light': 'Claro',
    'ui.setting.theme.dark': 'Oscuro',
    'ui.setting.themeHint': 'Se guarda en este dispositivo.',
    'ui.chart.adjustHelp.none': 'Precios tal como se negociaron: dividendos y splits aparecen como saltos.',
    'ui.chart.adjustHelp.forward':
      'Precios pasados ajustados por dividendos y splits, para enlazar con el precio de hoy.',
    'ui.chart.adjustHelp.backward':
      'Precios posteriores ajustados desde el primer día: el gráfico muestra la rentabilidad total.',
  },
  kor: {
    'ui.setting.theme': '화면 테마',
    'ui.setting.theme.system': '기기 설정',
    'ui.setting.theme.light': '라이트',
    'ui.setting.theme.dark': '다크',
    'ui.setting.themeHint': '이 기기에 저장됩니다.',
    'ui.chart.adjustHelp.none': '실제 거래 가격 그대로이며, 배당과 분할은 갭으로 보입니다.',
    'ui.chart.adjustHelp.forward': '배당과 분할만큼 과거 가격을 조정해 오늘 가격과 이어지게 합니다.',
    'ui.chart.adjustHelp.backward': '첫날을 기준으로 이후 가격을 조정해 누적 총수익을 보여 줍니다.',
  },
};
