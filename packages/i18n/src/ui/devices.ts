/** UI strings of the signed-in devices on the Security page (docs/api.md §23.8). */
import type { Language } from '@brokerage/contract';

export const devicesUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.security.devices.title': 'Signed-in devices',
    'ui.security.devices.intro':
      'Every device where your account is signed in. End any session you do not recognise, then change your password.',
    'ui.security.devices.this': 'This device',
    'ui.security.devices.unknown': 'Unknown device',
    'ui.security.devices.noIp': 'Address unknown',
    'ui.security.devices.signedIn': 'Signed in {time}',
    'ui.security.devices.lastSeen': 'Last active {time}',
    'ui.security.devices.end': 'Sign out',
    'ui.security.devices.endLabel': 'Sign out {device}',
    'ui.security.devices.endConfirm': 'Sign out {device} ({ip})? It will need the password to sign in again.',
    'ui.security.devices.endOthers': 'Sign out all other devices',
    'ui.security.devices.endOthersConfirm':
      'Sign out every device except this one? They will need the password to sign in again.',
    'ui.security.devices.onlyThis': 'Only this device is signed in.',
    'ui.security.devices.ended': 'Signed out',
  },
  de: {
    'ui.security.devices.title': 'Angemeldete Geräte',
    'ui.security.devices.intro':
      'Alle Geräte, auf denen Ihr Konto angemeldet ist. Beenden Sie jede Sitzung, die Sie nicht kennen, und ändern Sie dann Ihr Passwort.',
    'ui.security.devices.this': 'Dieses Gerät',
    'ui.security.devices.unknown': 'Unbekanntes Gerät',
    'ui.security.devices.noIp': 'Adresse unbekannt',
    'ui.security.devices.signedIn': 'Angemeldet {time}',
    'ui.security.devices.lastSeen': 'Zuletzt aktiv {time}',
    'ui.security.devices.end': 'Abmelden',
    'ui.security.devices.endLabel': '{device} abmelden',
    'ui.security.devices.endConfirm': '{device} ({ip}) abmelden? Für die nächste Anmeldung ist das Passwort nötig.',
    'ui.security.devices.endOthers': 'Alle anderen Geräte abmelden',
    'ui.security.devices.endOthersConfirm':
      'Alle Geräte außer diesem abmelden? Für die nächste Anmeldung ist dort das Passwort nötig.',
    'ui.security.devices.onlyThis': 'Nur dieses Gerät ist angemeldet.',
    'ui.security.devices.ended': 'Abgemeldet',
  },
  zh: {
    'ui.security.devices.title': '已登入的裝置',
    'ui.security.devices.intro': '您的帳戶目前登入的所有裝置。如有不認得的工作階段，請結束它並變更密碼。',
    'ui.security.devices.this': '本機',
    'ui.security.devices.unknown': '未知裝置',
    'ui.security.devices.noIp': '位址不明',
    'ui.security.devices.signedIn': '登入於 {time}',
    'ui.security.devices.lastSeen': '最近活動 {time}',
    'ui.security.devices.end': '登出',
    'ui.security.devices.endLabel': '登出 {device}',
    'ui.security.devices.endConfirm': '要登出 {device}（{ip}）嗎？再次登入時需要輸入密碼。',
    'ui.security.devices.endOthers': '登出所有其他裝置',
    'ui.security.devices.endOthersConfirm': '要登出本機以外的所有裝置嗎？這些裝置再次登入時需要輸入密碼。',
    'ui.security.devices.onlyThis': '目前只有本機已登入。',
    'ui.security.devices.ended': '已登出',
  },
  esp: {
    'ui.security.devices.title': 'Dispositivos con sesión iniciada',
    'ui.security.devices.intro':
      'Todos los dispositivos donde su cuenta tiene la sesión iniciada. Cierre cualquier sesión que no reconozca y luego cambie su contraseña.',
    'ui.security.devices.this': 'Este dispositivo',
    'ui.security.devices.unknown': 'Dispositivo desconocido',
    'ui.security.devices.noIp': 'Dirección desconocida',
    'ui.security.devices.signedIn': 'Sesión iniciada {time}',
    'ui.security.devices.lastSeen': 'Última actividad {time}',
    'ui.security.devices.end': 'Cerrar sesión',
    'ui.security.devices.endLabel': 'Cerrar la sesión de {device}',
    'ui.security.devices.endConfirm':
      '¿Cerrar la sesión de {device} ({ip})? Necesitará la contraseña para volver a entrar.',
    'ui.security.devices.endOthers': 'Cerrar sesión en todos los demás dispositivos',
    'ui.security.devices.endOthersConfirm':
      '¿Cerrar la sesión en todos los dispositivos excepto este? Necesitarán la contraseña para volver a entrar.',
    'ui.security.devices.onlyThis': 'Solo este dispositivo tiene la sesión iniciada.',
    'ui.security.devices.ended': 'Sesión cerrada',
  },
  kor: {
    'ui.security.devices.title': '로그인된 기기',
    'ui.security.devices.intro':
      '계정이 로그인되어 있는 모든 기기입니다. 모르는 세션은 종료한 뒤 비밀번호를 변경하세요.',
    'ui.security.devices.this': '이 기기',
    'ui.security.devices.unknown': '알 수 없는 기기',
    'ui.security.devices.noIp': '주소 알 수 없음',
    'ui.security.devices.signedIn': '{time} 로그인',
    'ui.security.devices.lastSeen': '{time} 마지막 활동',
    'ui.security.devices.end': '로그아웃',
    'ui.security.devices.endLabel': '{device} 로그아웃',
    'ui.security.devices.endConfirm': '{device}({ip})에서 로그아웃할까요? 다시 로그인하려면 비밀번호가 필요합니다.',
    'ui.security.devices.endOthers': '다른 모든 기기에서 로그아웃',
    'ui.security.devices.endOthersConfirm':
      '이 기기를 제외한 모든 기기에서 로그아웃할까요? 다시 로그인하려면 비밀번호가 필요합니다.',
    'ui.security.devices.onlyThis': '이 기기만 로그인되어 있습니다.',
    'ui.security.devices.ended': '로그아웃됨',
  },
};
