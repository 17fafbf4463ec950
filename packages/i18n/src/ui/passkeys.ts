/**
 * UI strings of passkeys (docs/api.md §23.7): the Security page's Passkeys section and the login
 * screen's passkey button (`ui.login.passkey.*`, in the first part of the dictionary with the
 * login screen).
 */
import type { Language } from '@brokerage/contract';

export const passkeysUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.login.passkey.button': 'Sign in with a passkey',
    'ui.login.passkey.or': 'or',
    'ui.login.passkey.cancelled': 'Passkey sign-in was cancelled.',
    'ui.security.passkeys.title': 'Passkeys',
    'ui.security.passkeys.intro':
      'A passkey lets you sign in with your fingerprint, face or screen lock instead of your password. It stays on your device, and it works only on this app, so it cannot be phished.',
    'ui.security.passkeys.empty':
      'No passkeys yet. Add one on each phone or computer you use; then choose “Sign in with a passkey” on the login screen.',
    'ui.security.passkeys.unsupported':
      'This browser cannot use passkeys. Open the app in a recent browser on your phone or computer to add one.',
    'ui.security.passkeys.add': 'Add a passkey',
    'ui.security.passkeys.name': 'Name',
    'ui.security.passkeys.namePlaceholder': 'My phone',
    'ui.security.passkeys.nameHint': 'So you can tell your passkeys apart (up to 40 characters).',
    'ui.security.passkeys.create': 'Create passkey',
    'ui.security.passkeys.cancel': 'Cancel',
    'ui.security.passkeys.notCreated': 'The passkey was not created.',
    'ui.security.passkeys.added': 'Added {date}',
    'ui.security.passkeys.lastUsed': 'last used {date}',
    'ui.security.passkeys.neverUsed': 'not used yet',
    'ui.security.passkeys.remove': 'Remove',
    'ui.security.passkeys.removeLabel': 'Remove the passkey {name}',
    'ui.security.passkeys.removeTitle': 'Remove passkey',
    'ui.security.passkeys.removeHint':
      'Enter your login password to remove “{name}”. You will no longer be able to sign in with it.',
    'ui.security.passkeys.count': '{count} of {max}',
  },
  de: {
    'ui.login.passkey.button': 'Mit Passkey anmelden',
    'ui.login.passkey.or': 'oder',
    'ui.login.passkey.cancelled': 'Die Anmeldung mit Passkey wurde abgebrochen.',
    'ui.security.passkeys.title': 'Passkeys',
    'ui.security.passkeys.intro':
      'Mit einem Passkey melden Sie sich per Fingerabdruck, Gesicht oder Displaysperre statt mit Ihrem Passwort an. Er bleibt auf Ihrem Gerät und funktioniert nur in dieser App, sodass er nicht abgefischt werden kann.',
    'ui.security.passkeys.empty':
      'Noch keine Passkeys. Fügen Sie auf jedem Telefon oder Computer, den Sie nutzen, einen hinzu; wählen Sie dann bei der Anmeldung „Mit Passkey anmelden“.',
    'ui.security.passkeys.unsupported':
      'Dieser Browser unterstützt keine Passkeys. Öffnen Sie die App in einem aktuellen Browser auf Ihrem Telefon oder Computer, um einen hinzuzufügen.',
    'ui.security.passkeys.add': 'Passkey hinzufügen',
    'ui.security.passkeys.name': 'Name',
    'ui.security.passkeys.namePlaceholder': 'Mein Telefon',
    'ui.security.passkeys.nameHint': 'Damit Sie Ihre Passkeys unterscheiden können (bis zu 40 Zeichen).',
    'ui.security.passkeys.create': 'Passkey erstellen',
    'ui.security.passkeys.cancel': 'Abbrechen',
    'ui.security.passkeys.notCreated': 'Der Passkey wurde nicht erstellt.',
    'ui.security.passkeys.added': 'Hinzugefügt {date}',
    'ui.security.passkeys.lastUsed': 'zuletzt verwendet {date}',
    'ui.security.passkeys.neverUsed': 'noch nicht verwendet',
    'ui.security.passkeys.remove': 'Entfernen',
    'ui.security.passkeys.removeLabel': 'Passkey {name} entfernen',
    'ui.security.passkeys.removeTitle': 'Passkey entfernen',
    'ui.security.passkeys.removeHint':
      'Geben Sie Ihr Anmeldepasswort ein, um „{name}“ zu entfernen. Sie können sich danach nicht mehr damit anmelden.',
    'ui.security.passkeys.count': '{count} von {max}',
  },
  zh: {
    'ui.login.passkey.button': '使用通行密鑰登入',
    'ui.login.passkey.or': '或',
    'ui.login.passkey.cancelled': '已取消通行密鑰登入。',
    'ui.security.passkeys.title': '通行密鑰',
    'ui.security.passkeys.intro':
      '通行密鑰讓您以指紋、臉孔或螢幕鎖定登入，無須輸入密碼。它保存在您的裝置上，且只能用於本應用程式，因此無法被網路釣魚盜用。',
    'ui.security.passkeys.empty':
      '尚未新增通行密鑰。請在您使用的每支手機或每台電腦上各新增一個，之後在登入畫面選擇「使用通行密鑰登入」。',
    'ui.security.passkeys.unsupported':
      '此瀏覽器無法使用通行密鑰。請在手機或電腦上以較新版本的瀏覽器開啟本應用程式後再新增。',
    'ui.security.passkeys.add': '新增通行密鑰',
    'ui.security.passkeys.name': '名稱',
    'ui.security.passkeys.namePlaceholder': '我的手機',
    'ui.security.passkeys.nameHint': '方便您區分各個通行密鑰（最多 40 個字元）。',
    'ui.security.passkeys.create': '建立通行密鑰',
    'ui.security.passkeys.cancel': '取消',
    'ui.security.passkeys.notCreated': '未建立通行密鑰。',
    'ui.security.passkeys.added': '新增於 {date}',
    'ui.security.passkeys.lastUsed': '上次使用 {date}',
    'ui.security.passkeys.neverUsed': '尚未使用',
    'ui.security.passkeys.remove': '移除',
    'ui.security.passkeys.removeLabel': '移除通行密鑰 {name}',
    'ui.security.passkeys.removeTitle': '移除通行密鑰',
    'ui.security.passkeys.removeHint': '請輸入登入密碼以移除「{name}」。移除後將無法再用它登入。',
    'ui.security.passkeys.count': '{count} / {max}',
  },
  esp: {
    'ui.login.passkey.button': 'Iniciar sesión con una llave de acceso',
    'ui.login.passkey.or': 'o',
    'ui.login.passkey.cancelled': 'Se canceló el inicio de sesión con llave de acceso.',
    'ui.security.passkeys.title': 'Llaves de acceso',
    'ui.security.passkeys.intro':
      'Una llave de acceso le permite iniciar sesión con su huella, su rostro o el bloqueo de pantalla en lugar de la contraseña. Se queda en su dispositivo y solo funciona en esta aplicación, así que no se puede robar con phishing.',
    'ui.security.passkeys.empty':
      'Aún no tiene llaves de acceso. Añada una en cada teléfono o computadora que use; después elija «Iniciar sesión con una llave de acceso» en la pantalla de inicio de sesión.',
    'ui.security.passkeys.unsupported':
      'Este navegador no admite llaves de acceso. Abra la aplicación en un navegador reciente de su teléfono o computadora para añadir una.',
    'ui.security.passkeys.add': 'Añadir una llave de acceso',
    'ui.security.passkeys.name': 'Nombre',
    'ui.security.passkeys.namePlaceholder': 'Mi teléfono',
    'ui.security.passkeys.nameHint': 'Para distinguir sus llaves de acceso (hasta 40 caracteres).',
    'ui.security.passkeys.create': 'Crear llave de acceso',
    'ui.security.passkeys.cancel': 'Cancelar',
    'ui.security.passkeys.notCreated': 'No se creó la llave de acceso.',
    'ui.security.passkeys.added': 'Añadida el {date}',
    'ui.security.passkeys.lastUsed': 'último uso el {date}',
    'ui.security.passkeys.neverUsed': 'sin usar todavía',
    'ui.security.passkeys.remove': 'Quitar',
    'ui.security.passkeys.removeLabel': 'Quitar la llave de acceso {name}',
    'ui.security.passkeys.removeTitle': 'Quitar llave de acceso',
    'ui.security.passkeys.removeHint':
      'Introduzca su contraseña de inicio de sesión para quitar «{name}». Ya no podrá iniciar sesión con ella.',
    'ui.security.passkeys.count': '{count} de {max}',
  },
  kor: {
    'ui.login.passkey.button': '패스키로 로그인',
    'ui.login.passkey.or': '또는',
    'ui.login.passkey.cancelled': '패스키 로그인이 취소되었습니다.',
    'ui.security.passkeys.title': '패스키',
    'ui.security.passkeys.intro':
      '패스키를 사용하면 비밀번호 대신 지문, 얼굴 또는 화면 잠금으로 로그인할 수 있습니다. 패스키는 기기에 보관되고 이 앱에서만 작동하므로 피싱으로 빼앗길 수 없습니다.',
    'ui.security.passkeys.empty':
      '아직 패스키가 없습니다. 사용하는 휴대폰이나 컴퓨터마다 하나씩 추가한 뒤 로그인 화면에서 ‘패스키로 로그인’을 선택하세요.',
    'ui.security.passkeys.unsupported':
      '이 브라우저에서는 패스키를 사용할 수 없습니다. 휴대폰이나 컴퓨터의 최신 브라우저에서 앱을 열어 추가하세요.',
    'ui.security.passkeys.add': '패스키 추가',
    'ui.security.passkeys.name': '이름',
    'ui.security.passkeys.namePlaceholder': '내 휴대폰',
    'ui.security.passkeys.nameHint': '패스키를 구별할 수 있도록 이름을 붙이세요(최대 40자).',
    'ui.security.passkeys.create': '패스키 만들기',
    'ui.security.passkeys.cancel': '취소',
    'ui.security.passkeys.notCreated': '패스키가 만들어지지 않았습니다.',
    'ui.security.passkeys.added': '{date} 추가',
    'ui.security.passkeys.lastUsed': '마지막 사용 {date}',
    'ui.security.passkeys.neverUsed': '아직 사용하지 않음',
    'ui.security.passkeys.remove': '삭제',
    'ui.security.passkeys.removeLabel': '패스키 {name} 삭제',
    'ui.security.passkeys.removeTitle': '패스키 삭제',
    'ui.security.passkeys.removeHint':
      '‘{name}’을(를) 삭제하려면 로그인 비밀번호를 입력하세요. 삭제하면 더 이상 이 패스키로 로그인할 수 없습니다.',
    'ui.security.passkeys.count': '{count}/{max}',
  },
};
