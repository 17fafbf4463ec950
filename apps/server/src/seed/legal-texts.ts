/**
 * The legal texts of the demo product, Meridian Securities, in the five languages of the app
 * (served by `/common/legal` in the caller's language, English otherwise). Meridian Securities
 * Holdings, Inc. is a fictional company and every text says this installation is a
 * demonstration: an operator replaces these texts with its own before launch. Written for this
 * product; versioned by date. The English text is the reference; the others say the same.
 */
import type { Language, LegalKind } from '@brokerage/contract';

export const LEGAL_VERSION = '2026-11-27';

/** The product and the (fictional) company, the same in every language. */
export const PRODUCT_NAME = 'Meridian Securities';
export const COMPANY_NAME = 'Meridian Securities Holdings, Inc.';
const SUPPORT_EMAIL = 'support@meridian-securities.example';
const PRIVACY_EMAIL = 'privacy@meridian-securities.example';

type LegalText = { title: string; content: string };

const en: Record<LegalKind, LegalText> = {
  agreement: {
    title: 'User agreement',
    content: `
<p><strong>Demonstration.</strong> This installation of ${PRODUCT_NAME} is a demo: ${COMPANY_NAME} is a fictional company, no real money is accepted or paid out and no real securities are traded. Prices come from a simulated market.</p>
<h2>1. Who we are</h2>
<p>This agreement is between you and ${COMPANY_NAME}, an asset manager registered in the United States with branches in Frankfurt and the Netherlands ("we"). It governs your use of the ${PRODUCT_NAME} app and the brokerage account you open through it.</p>
<h2>2. Eligibility and account types</h2>
<p>You must be at least 18 years old and able to enter into a binding contract. We offer three account types: <strong>standard</strong>, <strong>institutional investor</strong> and <strong>DMA</strong> (direct market access). Registration requires a valid invitation code from an existing client or an organisation code.</p>
<h2>3. Real-name verification</h2>
<p>Before you trade, deposit, withdraw or exchange currencies, you must verify your identity with your legal name, identity document number and photographs of the document. We review each submission and tell you the outcome and, if we reject it, the reason.</p>
<h2>4. Your money</h2>
<ul>
<li>Every movement of your money is recorded in a double-entry ledger. Your statement shows every movement and reconciles with your balances.</li>
<li>Free funds can be withdrawn to a bank card or wallet in your own name, subject only to the stated rules shown in the app before you submit (account restrictions, real-name status, fund password, time window, minimum and maximum amounts, an unpaid credit loan, another withdrawal under review, and the withdrawable amount).</li>
<li>Deposits are credited after we verify the proof of payment. We send you a message for every decision on your money.</li>
</ul>
<h2>5. Trading</h2>
<p>Prices come only from market data. Leveraged positions can lose more than their margin would suggest; a position whose loss reaches the stop-out level set for its market is closed automatically. Fees are a buy fee on opening, a sell fee and, where applicable, stamp duty on closing. DMA orders carry a fixed spread of 1% and a fill rate of 100% of the displayed quantity.</p>
<h2>6. Copy trading</h2>
<p>Copy-trading funds charge a performance fee of 18% of positive profit and a service fee of 2% of the amount invested. Past results do not guarantee future returns; a fund's result is what its strategy's positions actually made.</p>
<h2>7. Records</h2>
<p>We keep trade and financial records for 5 years and investment data for 10 years.</p>
<h2>8. Contact</h2>
<p>Customer service: in the app (Mine → Customer service) or by e-mail to ${SUPPORT_EMAIL}, Monday to Friday 09:00–18:00 (Mexico City time).</p>`,
  },
  privacy: {
    title: 'Privacy policy',
    content: `
<p><strong>Demonstration.</strong> ${COMPANY_NAME} is a fictional company; do not enter real identity documents or card numbers in this demo.</p>
<h2>Who is responsible</h2>
<p>${COMPANY_NAME}, the operator of ${PRODUCT_NAME}.</p>
<h2>What we collect</h2>
<p>Your phone number, password (stored only as a one-way hash), identity details and document photographs for real-name verification, bank card and wallet details, and records of your deposits, withdrawals, orders and positions.</p>
<h2>Why</h2>
<p>To open and run your account, to meet our legal obligations to know our clients and keep records, to protect your account against misuse, and to answer your requests.</p>
<h2>Who sees it</h2>
<p>Only staff whose role needs it; every back-office access to full card and identity numbers is recorded in an audit log. We share data with banks and payment providers to move your money, and with authorities where the law requires it. We do not sell personal data.</p>
<h2>How long</h2>
<p>Trade and financial records for 5 years, investment data for 10 years, then deletion.</p>
<h2>Your rights</h2>
<p>You may ask for a copy of your data, its correction, or its deletion where the law allows, by writing to ${PRIVACY_EMAIL}.</p>`,
  },
  about: {
    title: 'About us',
    content: `
<p>${PRODUCT_NAME} is operated by ${COMPANY_NAME}, a US-based asset manager with branches in Frankfurt and the Netherlands.</p>
<p>We offer stocks of the United States, Mexico and Spain, their indexes, forex and digital currencies, new-share subscriptions, block trades, copy-trading funds, securities lending and credit loans, in English, German, Traditional Chinese, Spanish and Korean.</p>
<p>Our principles: honest double-entry books, prices only from the market, every back-office decision accountable, and no rule that holds your money unless it is stated.</p>
<p><strong>This is a demonstration.</strong> ${COMPANY_NAME} is a fictional company; the market is simulated, the deposit accounts shown are not real and no real money moves.</p>`,
  },
};

const de: Record<LegalKind, LegalText> = {
  agreement: {
    title: 'Nutzungsvereinbarung',
    content: `
<p><strong>Demonstration.</strong> Diese Installation von ${PRODUCT_NAME} ist eine Demo: ${COMPANY_NAME} ist ein fiktives Unternehmen, es wird kein echtes Geld angenommen oder ausgezahlt und es werden keine echten Wertpapiere gehandelt. Die Kurse stammen aus einem simulierten Markt.</p>
<h2>1. Wer wir sind</h2>
<p>Diese Vereinbarung wird zwischen Ihnen und ${COMPANY_NAME} geschlossen, einem in den Vereinigten Staaten registrierten Vermögensverwalter mit Niederlassungen in Frankfurt und den Niederlanden („wir“). Sie regelt Ihre Nutzung der App ${PRODUCT_NAME} und des Wertpapierkontos, das Sie darüber eröffnen.</p>
<h2>2. Voraussetzungen und Kontoarten</h2>
<p>Sie müssen mindestens 18 Jahre alt und voll geschäftsfähig sein. Wir bieten drei Kontoarten an: <strong>Standard</strong>, <strong>institutioneller Anleger</strong> und <strong>DMA</strong> (direkter Marktzugang). Für die Registrierung ist ein gültiger Einladungscode eines bestehenden Kunden oder ein Organisationscode erforderlich.</p>
<h2>3. Identitätsprüfung</h2>
<p>Bevor Sie handeln, einzahlen, auszahlen oder Währungen tauschen, müssen Sie Ihre Identität mit Ihrem amtlichen Namen, der Nummer Ihres Ausweisdokuments und Fotos des Dokuments bestätigen. Wir prüfen jede Einreichung und teilen Ihnen das Ergebnis mit, bei einer Ablehnung auch den Grund.</p>
<h2>4. Ihr Geld</h2>
<ul>
<li>Jede Bewegung Ihres Geldes wird in doppelter Buchführung erfasst. Ihr Kontoauszug zeigt jede Bewegung und stimmt mit Ihren Salden überein.</li>
<li>Freie Mittel können auf eine Bankkarte oder Wallet auf Ihren eigenen Namen ausgezahlt werden. Es gelten nur die Regeln, die die App vor dem Absenden anzeigt (Kontobeschränkungen, Status der Identitätsprüfung, Fondspasswort, Zeitfenster, Mindest- und Höchstbetrag, ein offener Kreditkredit, eine andere Auszahlung in Prüfung und der auszahlbare Betrag).</li>
<li>Einzahlungen werden gutgeschrieben, nachdem wir den Zahlungsnachweis geprüft haben. Zu jeder Entscheidung über Ihr Geld erhalten Sie eine Nachricht.</li>
</ul>
<h2>5. Handel</h2>
<p>Kurse stammen ausschließlich aus Marktdaten. Gehebelte Positionen können mehr verlieren, als ihre Margin vermuten lässt; eine Position, deren Verlust die für ihren Markt festgelegte Stop-out-Grenze erreicht, wird automatisch geschlossen. Gebühren sind eine Kaufgebühr bei der Eröffnung sowie eine Verkaufsgebühr und gegebenenfalls Stempelsteuer bei der Schließung. DMA-Orders haben einen festen Spread von 1 % und eine Ausführungsquote von 100 % der angezeigten Menge.</p>
<h2>6. Copy-Trading</h2>
<p>Copy-Trading-Fonds berechnen eine Erfolgsgebühr von 18 % des positiven Gewinns und eine Servicegebühr von 2 % des investierten Betrags. Vergangene Ergebnisse garantieren keine künftigen Erträge; das Ergebnis eines Fonds ist das, was die Positionen seiner Strategie tatsächlich erzielt haben.</p>
<h2>7. Aufzeichnungen</h2>
<p>Wir bewahren Handels- und Finanzunterlagen 5 Jahre und Anlagedaten 10 Jahre auf.</p>
<h2>8. Kontakt</h2>
<p>Kundenservice: in der App (Mein Konto → Kundenservice) oder per E-Mail an ${SUPPORT_EMAIL}, Montag bis Freitag 09:00–18:00 Uhr (Ortszeit Mexiko-Stadt).</p>`,
  },
  privacy: {
    title: 'Datenschutzerklärung',
    content: `
<p><strong>Demonstration.</strong> ${COMPANY_NAME} ist ein fiktives Unternehmen; geben Sie in dieser Demo keine echten Ausweisdokumente oder Kartennummern ein.</p>
<h2>Verantwortlicher</h2>
<p>${COMPANY_NAME}, Betreiber von ${PRODUCT_NAME}.</p>
<h2>Welche Daten wir erheben</h2>
<p>Ihre Telefonnummer, Ihr Passwort (nur als Einweg-Hash gespeichert), Identitätsangaben und Fotos Ihres Ausweisdokuments für die Identitätsprüfung, Bankkarten- und Wallet-Angaben sowie Aufzeichnungen Ihrer Einzahlungen, Auszahlungen, Orders und Positionen.</p>
<h2>Wozu</h2>
<p>Um Ihr Konto zu eröffnen und zu führen, um unsere gesetzlichen Pflichten zur Kundenidentifizierung und Aufbewahrung zu erfüllen, um Ihr Konto vor Missbrauch zu schützen und um Ihre Anfragen zu beantworten.</p>
<h2>Wer sie sieht</h2>
<p>Nur Mitarbeitende, deren Aufgabe es erfordert; jeder Zugriff des Backoffice auf vollständige Karten- und Ausweisnummern wird in einem Prüfprotokoll festgehalten. Wir geben Daten an Banken und Zahlungsdienstleister weiter, um Ihr Geld zu bewegen, und an Behörden, wo das Gesetz es verlangt. Wir verkaufen keine personenbezogenen Daten.</p>
<h2>Wie lange</h2>
<p>Handels- und Finanzunterlagen 5 Jahre, Anlagedaten 10 Jahre, danach werden sie gelöscht.</p>
<h2>Ihre Rechte</h2>
<p>Sie können eine Kopie Ihrer Daten, deren Berichtigung oder, soweit gesetzlich zulässig, deren Löschung verlangen: schreiben Sie an ${PRIVACY_EMAIL}.</p>`,
  },
  about: {
    title: 'Über uns',
    content: `
<p>${PRODUCT_NAME} wird von ${COMPANY_NAME} betrieben, einem Vermögensverwalter mit Sitz in den USA und Niederlassungen in Frankfurt und den Niederlanden.</p>
<p>Wir bieten Aktien aus den Vereinigten Staaten, Mexiko und Spanien, deren Indizes, Devisen und digitale Währungen, Zeichnungen neuer Aktien, Blockhandel, Copy-Trading-Fonds, Wertpapierleihe und Kredite an – auf Englisch, Deutsch, traditionellem Chinesisch, Spanisch und Koreanisch.</p>
<p>Unsere Grundsätze: ehrliche doppelte Buchführung, Kurse nur aus dem Markt, jede Entscheidung im Backoffice nachvollziehbar und keine Regel, die Ihr Geld zurückhält, ohne dass sie genannt ist.</p>
<p><strong>Dies ist eine Demonstration.</strong> ${COMPANY_NAME} ist ein fiktives Unternehmen; der Markt ist simuliert, die angezeigten Einzahlungskonten sind nicht echt und es fließt kein echtes Geld.</p>`,
  },
};

/** Traditional Chinese. */
const zh: Record<LegalKind, LegalText> = {
  agreement: {
    title: '用戶協議',
    content: `
<p><strong>示範版本。</strong>本 ${PRODUCT_NAME} 安裝為示範用途：${COMPANY_NAME} 為虛構公司，不收取亦不支付任何真實款項，也不交易任何真實證券。價格來自模擬市場。</p>
<h2>一、關於我們</h2>
<p>本協議由您與 ${COMPANY_NAME}（以下稱「我們」）訂立。我們是一家在美國註冊的資產管理公司，於法蘭克福及荷蘭設有分支機構。本協議規範您對 ${PRODUCT_NAME} 應用程式及透過其開立之證券帳戶的使用。</p>
<h2>二、資格與帳戶類型</h2>
<p>您須年滿 18 歲並具有完全行為能力。我們提供三種帳戶類型：<strong>標準</strong>、<strong>機構投資者</strong>及 <strong>DMA</strong>（直接市場接入）。註冊須提供現有客戶的有效邀請碼或機構代碼。</p>
<h2>三、實名認證</h2>
<p>在交易、入金、出金或兌換貨幣之前，您須以法定姓名、身分證件號碼及證件照片完成身分驗證。我們會審核每一份申請並通知您結果；如遭駁回，亦會告知原因。</p>
<h2>四、您的資金</h2>
<ul>
<li>您資金的每一筆變動都以複式記帳記錄。您的帳單列出每一筆變動，並與您的餘額相符。</li>
<li>可用資金可提領至您本人名下的銀行卡或錢包，僅受應用程式在提交前所列規則的限制（帳戶限制、實名狀態、資金密碼、時段、最低及最高金額、未償還的信用貸款、另一筆審核中的出金，以及可提領金額）。</li>
<li>入金在我們核實付款憑證後入帳。每一項涉及您資金的決定，我們都會發送訊息通知您。</li>
</ul>
<h2>五、交易</h2>
<p>價格僅來自市場數據。槓桿持倉的虧損可能超出保證金所顯示的程度；虧損達到其市場所設強制平倉線的持倉將自動平倉。費用包括開倉時的買入手續費，以及平倉時的賣出手續費及（如適用）印花稅。DMA 訂單收取固定 1% 的點差，成交率為顯示數量的 100%。</p>
<h2>六、跟單交易</h2>
<p>跟單基金收取正收益 18% 的績效費及投資金額 2% 的服務費。過往績效不代表未來收益；基金的結果即其策略持倉的實際盈虧。</p>
<h2>七、紀錄保存</h2>
<p>交易及財務紀錄保存 5 年，投資資料保存 10 年。</p>
<h2>八、聯絡方式</h2>
<p>客服：於應用程式內（我的 → 客服）或寄送電子郵件至 ${SUPPORT_EMAIL}，週一至週五 09:00–18:00（墨西哥城時間）。</p>`,
  },
  privacy: {
    title: '隱私政策',
    content: `
<p><strong>示範版本。</strong>${COMPANY_NAME} 為虛構公司；請勿在本示範中輸入真實的身分證件或卡號。</p>
<h2>資料控管者</h2>
<p>${COMPANY_NAME}，${PRODUCT_NAME} 的營運者。</p>
<h2>我們收集的資料</h2>
<p>您的手機號碼、密碼（僅以單向雜湊儲存）、實名認證所需的身分資料及證件照片、銀行卡及錢包資料，以及您的入金、出金、訂單及持倉紀錄。</p>
<h2>收集目的</h2>
<p>為開立及維護您的帳戶、履行認識客戶及保存紀錄的法定義務、保護您的帳戶免遭濫用，以及回覆您的請求。</p>
<h2>誰可查看</h2>
<p>僅限職務所需的員工；後台每次查看完整卡號及證件號碼均記錄於稽核日誌。為轉移您的資金，我們會與銀行及支付服務商共享資料；法律要求時亦會提供予主管機關。我們不出售個人資料。</p>
<h2>保存期限</h2>
<p>交易及財務紀錄 5 年，投資資料 10 年，期滿後刪除。</p>
<h2>您的權利</h2>
<p>您可來信 ${PRIVACY_EMAIL}，要求取得您的資料副本、更正資料，或在法律允許的範圍內刪除資料。</p>`,
  },
  about: {
    title: '關於我們',
    content: `
<p>${PRODUCT_NAME} 由 ${COMPANY_NAME} 營運，這是一家總部位於美國、於法蘭克福及荷蘭設有分支機構的資產管理公司。</p>
<p>我們提供美國、墨西哥及西班牙股票及其指數、外匯與數位貨幣、新股申購、大宗交易、跟單基金、融券出借及信用貸款，並支援英文、德文、繁體中文、西班牙文及韓文。</p>
<p>我們的原則：誠實的複式帳簿、價格僅來自市場、每一項後台決定皆可追溯，以及任何限制您資金的規則都事先說明。</p>
<p><strong>本服務為示範版本。</strong>${COMPANY_NAME} 為虛構公司；市場為模擬，所示入金帳戶並非真實帳戶，不會有任何真實資金流動。</p>`,
  },
};

/** Spanish. */
const esp: Record<LegalKind, LegalText> = {
  agreement: {
    title: 'Acuerdo de usuario',
    content: `
<p><strong>Demostración.</strong> Esta instalación de ${PRODUCT_NAME} es una demo: ${COMPANY_NAME} es una empresa ficticia, no se acepta ni se paga dinero real y no se negocian valores reales. Los precios provienen de un mercado simulado.</p>
<h2>1. Quiénes somos</h2>
<p>Este acuerdo se celebra entre usted y ${COMPANY_NAME}, una gestora de activos registrada en los Estados Unidos con sucursales en Fráncfort y los Países Bajos («nosotros»). Regula el uso de la app ${PRODUCT_NAME} y de la cuenta de corretaje que abra a través de ella.</p>
<h2>2. Requisitos y tipos de cuenta</h2>
<p>Debe tener al menos 18 años y capacidad para obligarse por contrato. Ofrecemos tres tipos de cuenta: <strong>estándar</strong>, <strong>inversionista institucional</strong> y <strong>DMA</strong> (acceso directo al mercado). El registro requiere un código de invitación válido de un cliente existente o un código de organización.</p>
<h2>3. Verificación de identidad</h2>
<p>Antes de operar, depositar, retirar o cambiar divisas, debe verificar su identidad con su nombre legal, el número de su documento de identidad y fotografías del documento. Revisamos cada solicitud y le comunicamos el resultado y, si la rechazamos, el motivo.</p>
<h2>4. Su dinero</h2>
<ul>
<li>Cada movimiento de su dinero se registra en un libro de partida doble. Su estado de cuenta muestra cada movimiento y cuadra con sus saldos.</li>
<li>Los fondos libres pueden retirarse a una tarjeta bancaria o billetera a su propio nombre, sujetos únicamente a las reglas que la app muestra antes de enviar la solicitud (restricciones de la cuenta, estado de la verificación de identidad, contraseña de fondos, horario, montos mínimo y máximo, un préstamo de crédito pendiente, otro retiro en revisión y el monto retirable).</li>
<li>Los depósitos se abonan después de que verifiquemos el comprobante de pago. Le enviamos un mensaje por cada decisión sobre su dinero.</li>
</ul>
<h2>5. Operaciones</h2>
<p>Los precios provienen únicamente de datos de mercado. Las posiciones apalancadas pueden perder más de lo que su margen sugiere; una posición cuya pérdida alcanza el nivel de liquidación fijado para su mercado se cierra automáticamente. Las comisiones son una comisión de compra al abrir, y una comisión de venta y, en su caso, el impuesto de timbre al cerrar. Las órdenes DMA tienen un diferencial fijo del 1 % y una tasa de ejecución del 100 % de la cantidad mostrada.</p>
<h2>6. Copy trading</h2>
<p>Los fondos de copy trading cobran una comisión de desempeño del 18 % de la ganancia positiva y una comisión de servicio del 2 % del monto invertido. Los resultados pasados no garantizan rendimientos futuros; el resultado de un fondo es lo que realmente obtuvieron las posiciones de su estrategia.</p>
<h2>7. Registros</h2>
<p>Conservamos los registros de operaciones y financieros durante 5 años y los datos de inversión durante 10 años.</p>
<h2>8. Contacto</h2>
<p>Atención al cliente: en la app (Mi cuenta → Atención al cliente) o por correo a ${SUPPORT_EMAIL}, de lunes a viernes de 09:00 a 18:00 (hora de la Ciudad de México).</p>`,
  },
  privacy: {
    title: 'Política de privacidad',
    content: `
<p><strong>Demostración.</strong> ${COMPANY_NAME} es una empresa ficticia; no introduzca documentos de identidad ni números de tarjeta reales en esta demo.</p>
<h2>Responsable</h2>
<p>${COMPANY_NAME}, operador de ${PRODUCT_NAME}.</p>
<h2>Qué recopilamos</h2>
<p>Su número de teléfono, su contraseña (guardada solo como hash unidireccional), sus datos de identidad y las fotografías de su documento para la verificación de identidad, los datos de sus tarjetas bancarias y billeteras, y los registros de sus depósitos, retiros, órdenes y posiciones.</p>
<h2>Para qué</h2>
<p>Para abrir y administrar su cuenta, cumplir nuestras obligaciones legales de conocer a nuestros clientes y conservar registros, proteger su cuenta contra el uso indebido y responder a sus solicitudes.</p>
<h2>Quién los ve</h2>
<p>Solo el personal cuya función lo requiere; cada acceso del back office a números completos de tarjeta e identidad queda registrado en una bitácora de auditoría. Compartimos datos con bancos y proveedores de pago para mover su dinero, y con las autoridades cuando la ley lo exige. No vendemos datos personales.</p>
<h2>Durante cuánto tiempo</h2>
<p>Registros de operaciones y financieros, 5 años; datos de inversión, 10 años; después se eliminan.</p>
<h2>Sus derechos</h2>
<p>Puede solicitar una copia de sus datos, su corrección o, cuando la ley lo permita, su eliminación escribiendo a ${PRIVACY_EMAIL}.</p>`,
  },
  about: {
    title: 'Quiénes somos',
    content: `
<p>${PRODUCT_NAME} es operada por ${COMPANY_NAME}, una gestora de activos con sede en los Estados Unidos y sucursales en Fráncfort y los Países Bajos.</p>
<p>Ofrecemos acciones de los Estados Unidos, México y España, sus índices, divisas y monedas digitales, suscripciones de nuevas acciones, operaciones en bloque, fondos de copy trading, préstamo de valores y préstamos de crédito, en inglés, alemán, chino tradicional, español y coreano.</p>
<p>Nuestros principios: libros honestos de partida doble, precios solo del mercado, cada decisión del back office con responsable, y ninguna regla que retenga su dinero sin estar indicada.</p>
<p><strong>Esto es una demostración.</strong> ${COMPANY_NAME} es una empresa ficticia; el mercado es simulado, las cuentas de depósito mostradas no son reales y no se mueve dinero real.</p>`,
  },
};

/** Korean. */
const kor: Record<LegalKind, LegalText> = {
  agreement: {
    title: '이용약관',
    content: `
<p><strong>데모 안내.</strong> 이 ${PRODUCT_NAME} 설치본은 데모입니다. ${COMPANY_NAME}은(는) 가상의 회사이며, 실제 자금을 받거나 지급하지 않고 실제 증권을 거래하지 않습니다. 가격은 모의 시장에서 생성됩니다.</p>
<h2>1. 회사 소개</h2>
<p>본 약관은 귀하와 ${COMPANY_NAME}(이하 "당사") 간에 체결됩니다. 당사는 미국에 등록된 자산운용사로 프랑크푸르트와 네덜란드에 지점을 두고 있습니다. 본 약관은 ${PRODUCT_NAME} 앱 및 이를 통해 개설하는 증권 계좌의 이용에 적용됩니다.</p>
<h2>2. 이용 자격 및 계좌 유형</h2>
<p>만 18세 이상으로 계약을 체결할 능력이 있어야 합니다. 당사는 <strong>일반</strong>, <strong>기관투자자</strong>, <strong>DMA</strong>(직접 시장 접속)의 세 가지 계좌 유형을 제공합니다. 가입하려면 기존 고객의 유효한 초대 코드 또는 기관 코드가 필요합니다.</p>
<h2>3. 실명 인증</h2>
<p>거래, 입금, 출금 또는 환전 전에 법적 성명, 신분증 번호 및 신분증 사진으로 본인 확인을 해야 합니다. 당사는 모든 신청을 심사하여 결과를 알려 드리며, 거절하는 경우 그 사유도 알려 드립니다.</p>
<h2>4. 고객 자금</h2>
<ul>
<li>고객 자금의 모든 변동은 복식부기 원장에 기록됩니다. 거래 내역서는 모든 변동을 보여 주며 잔액과 일치합니다.</li>
<li>가용 자금은 본인 명의의 은행 카드 또는 지갑으로 출금할 수 있으며, 신청 전에 앱에 표시되는 규칙(계좌 제한, 실명 인증 상태, 자금 비밀번호, 이용 시간, 최소 및 최대 금액, 미상환 신용대출, 심사 중인 다른 출금, 출금 가능 금액)만 적용됩니다.</li>
<li>입금은 당사가 입금 증빙을 확인한 후 반영됩니다. 고객 자금에 관한 모든 결정은 메시지로 알려 드립니다.</li>
</ul>
<h2>5. 거래</h2>
<p>가격은 오직 시장 데이터에서 나옵니다. 레버리지 포지션은 증거금으로 예상되는 것보다 더 큰 손실이 날 수 있으며, 손실이 해당 시장의 강제 청산 기준에 도달한 포지션은 자동으로 청산됩니다. 수수료는 진입 시 매수 수수료, 청산 시 매도 수수료 및 해당되는 경우 인지세입니다. DMA 주문에는 1%의 고정 스프레드가 적용되며 표시 수량의 100%가 체결됩니다.</p>
<h2>6. 카피 트레이딩</h2>
<p>카피 트레이딩 펀드는 양(+)의 수익의 18%를 성과 수수료로, 투자 금액의 2%를 서비스 수수료로 부과합니다. 과거 성과는 미래 수익을 보장하지 않으며, 펀드의 결과는 해당 전략의 포지션이 실제로 낸 손익입니다.</p>
<h2>7. 기록 보관</h2>
<p>거래 및 재무 기록은 5년, 투자 데이터는 10년간 보관합니다.</p>
<h2>8. 문의</h2>
<p>고객센터: 앱 내(내 정보 → 고객센터) 또는 이메일 ${SUPPORT_EMAIL}, 월요일~금요일 09:00–18:00(멕시코시티 시간).</p>`,
  },
  privacy: {
    title: '개인정보 처리방침',
    content: `
<p><strong>데모 안내.</strong> ${COMPANY_NAME}은(는) 가상의 회사입니다. 이 데모에 실제 신분증이나 카드 번호를 입력하지 마세요.</p>
<h2>개인정보 처리자</h2>
<p>${PRODUCT_NAME}의 운영사인 ${COMPANY_NAME}.</p>
<h2>수집하는 정보</h2>
<p>휴대폰 번호, 비밀번호(단방향 해시로만 저장), 실명 인증을 위한 신원 정보 및 신분증 사진, 은행 카드 및 지갑 정보, 입금·출금·주문·포지션 기록.</p>
<h2>수집 목적</h2>
<p>계좌 개설 및 운영, 고객 확인 및 기록 보관에 관한 법적 의무 이행, 계좌의 부정 사용 방지, 문의 응대.</p>
<h2>열람자</h2>
<p>업무상 필요한 직원만 열람할 수 있으며, 백오피스에서 전체 카드 번호와 신분증 번호를 조회할 때마다 감사 로그에 기록됩니다. 자금 이동을 위해 은행 및 결제 대행사와, 법률이 요구하는 경우 관계 당국과 정보를 공유합니다. 당사는 개인정보를 판매하지 않습니다.</p>
<h2>보관 기간</h2>
<p>거래 및 재무 기록 5년, 투자 데이터 10년 보관 후 삭제합니다.</p>
<h2>귀하의 권리</h2>
<p>${PRIVACY_EMAIL}로 연락하여 개인정보 사본, 정정 또는 법이 허용하는 범위에서 삭제를 요청할 수 있습니다.</p>`,
  },
  about: {
    title: '회사 소개',
    content: `
<p>${PRODUCT_NAME}은(는) 미국에 본사를 두고 프랑크푸르트와 네덜란드에 지점을 둔 자산운용사 ${COMPANY_NAME}이(가) 운영합니다.</p>
<p>미국, 멕시코, 스페인 주식과 그 지수, 외환 및 디지털 통화, 신주 청약, 대량매매, 카피 트레이딩 펀드, 증권 대여, 신용대출을 영어, 독일어, 중국어(번체), 스페인어, 한국어로 제공합니다.</p>
<p>당사의 원칙: 정직한 복식부기, 시장에서만 나오는 가격, 책임이 분명한 모든 백오피스 결정, 그리고 사전에 명시되지 않은 규칙으로 고객 자금을 묶지 않는 것.</p>
<p><strong>이 서비스는 데모입니다.</strong> ${COMPANY_NAME}은(는) 가상의 회사이며, 시장은 모의 시장이고 표시되는 입금 계좌는 실제 계좌가 아니며 실제 자금은 이동하지 않습니다.</p>`,
  },
};

export const legalTexts: Record<Language, Record<LegalKind, LegalText>> = { en, de, zh, esp, kor };
