/** The demo news in Traditional Chinese (see news-texts.ts): the same articles, translated by the house desk. */
import type { NewsTranslation } from '@brokerage/contract';

const DISCLAIMER = '<p><em>模擬市場的示範內容，不構成投資建議。</em></p>';

export const newsZh: Record<string, NewsTranslation> = {
  n_demo_01: {
    title: '加密貨幣從不休市：週末照樣交易比特幣與以太幣',
    summary: '模擬加密貨幣市場全年無休、全天候運作。本文說明股市休市期間，報價、價差與下單會有什麼不同。',
    content: `
<p>與紐約、墨西哥城和馬德里的股市不同，<strong>模擬加密貨幣市場沒有收盤鐘聲</strong>。App 中的比特幣、以太幣及其他幣種每天每分鐘都以 USDT 報價，週末與國定假日也不例外。</p>
<p>週末交易的幾個實用重點：</p>
<ul>
<li><strong>每日數據</strong>（開盤、最高、最低與漲跌）以日曆日計算，而不是以開盤到收盤之間的交易時段計算。</li>
<li><strong>波動較大</strong>：相較於大型股，在模擬市場中，小型幣種一天波動數個百分點相當常見。</li>
<li><strong>價差</strong>以比特幣與以太幣最窄，Polkadot 或 TRON 等小型幣種較寬。</li>
<li>數量可以有小數，因此您可以只買一小部分幣，而不必買一整個單位。</li>
</ul>
<p>如果您同時持有股票與加密貨幣，請記得：週末的加密貨幣波動可能改變您的帳戶價值，而股票持倉仍停留在週五的收盤價。</p>
${DISCLAIMER}`,
  },
  n_demo_02: {
    title: '墨西哥央行會議週：利率決策對模擬披索的意義',
    summary:
      '墨西哥央行設定銀行間隔夜利率。我們說明在模擬市場中，維持、降息或意外決策通常如何影響 USD/MXN 與墨西哥銀行股。',
    content: `
<p>墨西哥銀行（Banxico）透過銀行間隔夜利率目標引導墨西哥利率，其職責是讓通膨維持在 3% 目標附近。對持有披索或墨西哥資產的人來說，它的決策是最重要的預定事件之一。</p>
<p>如何在<strong>模擬交易時段</strong>解讀一次決策：</p>
<ul>
<li><strong>符合預期的維持利率</strong>通常讓 USD/MXN 停留在正常的每日區間內。</li>
<li><strong>降息</strong>會縮小墨西哥與美國的利差，可能降低披索對套利交易者的吸引力；USD/MXN 往往走高。</li>
<li><strong>鷹派的意外</strong>可能帶來相反效果，使披索走強。</li>
</ul>
<p>Banorte 等銀行同樣對利率路徑敏感：利率下降可能壓縮放款利差，但長期而言有助於支撐信貸需求。</p>
<p>如果您同時持有披索與美元餘額，USD/MXN 也會改變兩者相互換算的價值，因此即使您沒有持有墨西哥股票，利率決策也可能影響您。</p>
${DISCLAIMER}`,
  },
  n_demo_03: {
    title: 'América Móvil：IPC 指數中的電信權值股',
    summary: 'AMX B 是模擬 S&P/BMV IPC 指數中權重最大的成分股之一。本文介紹這家公司的業務，以及其股價為何影響指數。',
    content: `
<p><strong>América Móvil</strong> 在拉丁美洲及其他地區經營行動、固網與付費電視網路，在墨西哥的品牌為 Telcel，在許多其他國家則為 Claro。其 B 系列股票在墨西哥城掛牌，代號為 <strong>AMXB</strong>。</p>
<p>由於規模龐大，AMX B 在<strong>模擬 S&amp;P/BMV IPC 指數</strong>中佔有最大的權重之一。它一動，指數就跟著動；因此指數平靜的一天，可能正是這檔股票忙碌的一天，反之亦然。</p>
<p>股票頁面上值得留意的重點：</p>
<ul>
<li><strong>除息日</strong>：當天會調整前一日收盤價，使每日漲跌仍具參考意義。</li>
<li><strong>市值</strong>，由模擬價格與股數計算而得。</li>
<li><strong>披索</strong>：公司有很大一部分營收以其他貨幣計價，因此 USD/MXN 是很實用的對照圖表。</li>
</ul>
${DISCLAIMER}`,
  },
  n_demo_04: {
    title: '聯準會決策日：在模擬交易時段追蹤美元',
    summary: '聯準會的宣布是美國交易日最受關注的事件。以下是一份透過 App 中美國指數與美元貨幣對解讀決策的檢查清單。',
    content: `
<p>美國聯準會在雙重使命下設定聯邦基金利率目標區間：穩定物價與充分就業。其聲明及隨後的記者會在紐約午後發布，因此市場反應會在收盤前展開。</p>
<p><strong>模擬交易時段</strong>的檢查清單：</p>
<ul>
<li><strong>S&amp;P 500 與 Nasdaq-100</strong>：Nasdaq-100 等偏重成長股的指數，通常對預期利率路徑的變化反應更大。</li>
<li><strong>EUR/USD 與 USD/JPY</strong>：美元走強時，EUR/USD 下跌、USD/JPY 上漲。</li>
<li><strong>USD/MXN</strong>：披索會對美墨利差作出反應。</li>
</ul>
<p>請記得，App 中的指數是由其成分股的模擬價格計算而得。想知道是什麼推動了走勢，請比較最大成分股的每日漲跌。</p>
${DISCLAIMER}`,
  },
  n_demo_05: {
    title: '兩次分割後的 NVIDIA：如何解讀還權圖表',
    summary:
      'NVIDIA 於 2021 年以 1 拆 4、2024 年以 1 拆 10 分割股票。我們說明 App 的前復權與後復權如何讓長期圖表保持易讀。',
    content: `
<p><strong>NVIDIA</strong> 是美國市場交易最熱絡的個股之一，在 S&amp;P 500 與 Nasdaq-100 中都佔有很大權重。其股價歷史也包含兩次股票分割：<strong>2021 年 7 月的 1 拆 4</strong> 與 <strong>2024 年 6 月的 1 拆 10</strong>。</p>
<p>分割改變的是股數與每股價格，而不是持股的價值。然而在未調整的圖表上，每次分割看起來都像突然崩跌。您可以在 App 的圖表設定中選擇：</p>
<ul>
<li><strong>不復權</strong>：完全依照當時報價顯示，分割日會出現跳空。</li>
<li><strong>復權檢視</strong>（前復權或後復權）：分割某一側的價格依分割比例換算，使走勢線連續，長期報酬一目了然。</li>
</ul>
<p>無論選擇哪種檢視，您的持倉與委託價格一律使用目前未調整的報價。</p>
${DISCLAIMER}`,
  },
  n_demo_06: {
    title: '關注歐洲央行：歐元利率為何影響 IBEX 35 與 EUR/USD',
    summary:
      '歐洲央行的利率路徑左右歐元與西班牙股市，而銀行在西班牙股市中權重很大。本文教您在模擬市場中解讀兩者的關聯。',
    content: `
<p>歐洲央行的目標是讓歐元區中期通膨維持在 2%。其存款利率決策會透過兩條途徑影響西班牙資產。</p>
<ul>
<li><strong>銀行</strong>：Santander、BBVA、CaixaBank 與 Sabadell 合計佔 IBEX 35 很大一部分。較高的利率往往有助於其放款利差；較低的利率路徑則可能造成壓力。</li>
<li><strong>公用事業與基礎建設</strong>：Iberdrola、Redeia 與 Aena 等公司因投資期長、現金流穩定，常被視為對利率敏感。</li>
</ul>
<p>在匯率方面，歐洲央行相對於聯準會的展望變化會推動 <strong>EUR/USD</strong>，進而影響 <strong>EUR/MXN</strong>，而後者決定以披索計算的客戶所持歐元餘額的價值。</p>
<p>在<strong>模擬交易時段</strong>中，打開 IBEX 35 頁面，比較銀行成分股與公用事業股的每日漲跌，就能看出是哪一邊在撐起指數。</p>
${DISCLAIMER}`,
  },
  n_demo_07: {
    title: 'Santander 與 BBVA：兩家西班牙銀行，兩種不同版圖',
    summary:
      'IBEX 35 中最大的兩家銀行同樣以西班牙為本土市場，但大部分獲利來自海外。本文並列比較，方便您在 App 中追蹤。',
    content: `
<p><strong>Banco Santander</strong> 與 <strong>BBVA</strong> 是馬德里市場最大的兩家銀行，也是模擬 IBEX 35 中權重最重的兩檔成分股。兩者總部都在西班牙，但海外業務各不相同。</p>
<ul>
<li><strong>Santander</strong> 在英國、巴西、美國以及歐洲和拉丁美洲其他地區都有大規模業務。</li>
<li><strong>BBVA</strong> 有很大一部分獲利來自墨西哥，是當地最大的銀行，在土耳其也有相當規模的業務。</li>
</ul>
<p>因此關注 BBVA 的人常會留意 <strong>EUR/MXN</strong>：披索的變化會影響墨西哥獲利換算成歐元的金額。</p>
<p>兩家銀行通常每年配息兩次。在除息日，App 會依股利調整前一日收盤價，使每日漲跌反映交易而非配息。</p>
${DISCLAIMER}`,
  },
  n_demo_08: {
    title: 'USD/MXN：推動披索波動的三股力量',
    summary: '利差、風險偏好與貿易流量解釋了披索大部分的日常波動。本文教您如何在模擬市場中辨識每一股力量。',
    content: `
<p>墨西哥披索是交易最活躍的新興市場貨幣之一，即使墨西哥當天沒有任何消息，它也常常波動。三股力量承擔了大部分的推動：</p>
<ul>
<li><strong>利差</strong>：墨西哥央行與聯準會之間的利差讓披索成為套利交易的熱門標的；利差縮小時，這股支撐便會減弱。</li>
<li><strong>全球風險偏好</strong>：在避險情緒升溫時，投資人會先賣出流動性高的新興市場貨幣，而披索正是流動性最高的之一。</li>
<li><strong>貿易與僑匯</strong>：對美國的出口以及海外工作者匯回的款項，為披索帶來穩定的需求。</li>
</ul>
<p>請記住報價慣例：<strong>USD/MXN 上漲代表披索走弱</strong>，因為每一美元可以換到更多披索。</p>
<p>如果您打算在帳戶中兌換貨幣，兌換前最好同時查看 USD/MXN 與 EUR/MXN。</p>
${DISCLAIMER}`,
  },
  n_demo_09: {
    title: 'Walmart 與 Walmex：同一家零售商，兩個市場',
    summary:
      'Walmart Inc. 在紐約交易，其墨西哥子公司 Wal-Mart de México 在墨西哥城交易。比較兩者是觀察匯率作用的簡單方法。',
    content: `
<p><strong>Walmart Inc.</strong> 在紐約掛牌，是道瓊工業平均指數的成分股。<strong>Wal-Mart de México（Walmex）</strong>在墨西哥城掛牌，由美國母公司持有多數股權，在墨西哥與中美洲經營超市、倉儲會員店與折扣店。</p>
<p>兩檔股票共用一個品牌，卻不共用一種貨幣。在 App 中比較兩者時：</p>
<ul>
<li>WMT 以<strong>美元</strong>報價；WALMEX 以<strong>披索</strong>報價。</li>
<li>要公平比較報酬，請把 WALMEX 與 USD/MXN 一起看：在披索走強的日子，即使披索股價持平，對以美元計價的投資人來說仍是獲利。</li>
<li>兩地的交易時間大部分重疊，但墨西哥的交易時段與假日依墨西哥行事曆而定。</li>
</ul>
<p>App 中 Walmart 的歷史也包含 <strong>2024 年 2 月的 1 拆 3 分割</strong>；選擇復權圖表即可比較分割前後的價格。</p>
${DISCLAIMER}`,
  },
  n_demo_10: {
    title: '財報季：如何解讀財報日的股價波動',
    summary: '季度財報帶來一年中最大的個股波動。本文簡要說明模擬市場中的跳空、成交量與指數效應。',
    content: `
<p>多數大型公司會在每季結束後幾週內公布季度財報。在美國，公司常在開盤前或收盤後發布，因此市場反應會表現為前一日收盤與下一次開盤之間的<strong>跳空</strong>。</p>
<p>在<strong>模擬交易時段</strong>的財報日，應留意：</p>
<ul>
<li><strong>開盤跳空</strong>與當天其餘時間的對比：開盤後走勢是延續還是回落？</li>
<li><strong>成交量</strong>與該股平常每日成交量的對比：交易熱絡表示這波走勢獲得廣泛認同。</li>
<li><strong>指數</strong>：大型科技股等重量級成分股可以單獨推動 S&amp;P 500。</li>
</ul>
<p>同樣的邏輯也適用於墨西哥的 IPC 與西班牙的 IBEX 35，這兩個指數都有很大一部分由少數權值股組成。</p>
${DISCLAIMER}`,
  },
  n_demo_11: {
    title: 'Apple 的季度股利：除息日會發生什麼',
    summary: 'Apple 每季發放小額現金股利。我們說明除息日如何反映在 App 的報價、圖表與您的帳戶中。',
    content: `
<p><strong>Apple</strong> 多年來一直發放季度現金股利，同時進行大規模庫藏股買回。每股金額相對於股價很小，但運作方式與任何配息公司相同。</p>
<ul>
<li><strong>除息日</strong>：買方不再能領取即將發放股利的第一個交易日。股價通常會以大約等於股利的幅度開低。</li>
<li><strong>前一日收盤價</strong>：在除息日，App 會依股利調整前一日收盤價，使每日漲跌不受配息扭曲。</li>
<li><strong>圖表</strong>：選擇復權檢視，即可比較長期的整體價格變化。</li>
</ul>
<p>Apple 也是模擬 S&amp;P 500、Nasdaq-100 與道瓊工業平均指數的成分股，因此它的走勢會反映在這三個指數頁面上。</p>
${DISCLAIMER}`,
  },
  n_demo_12: {
    title: 'IBEX 35 週報：銀行、公用事業與西班牙指數的結構',
    summary: '少數銀行與公用事業股撐起了 IBEX 35 的大部分。本文說明這種集中度對模擬市場中指數表現的意義。',
    content: `
<p>IBEX 35 是馬德里市場的基準指數，依自由流通市值加權，因此一小群大型公司佔了指數波動的很大一部分。</p>
<ul>
<li><strong>銀行</strong>：Santander、BBVA 與 CaixaBank 是權重最重的成分股之一。</li>
<li><strong>公用事業</strong>：Iberdrola 規模最大，另有 Endesa、Naturgy 與 Redeia。</li>
<li><strong>零售與旅遊</strong>：Inditex、Aena 與 IAG 讓指數涵蓋消費與觀光。</li>
</ul>
<p>由於銀行與公用事業常對利率展望作出不同反應，即使成分股往相反方向移動，IBEX 也可能看起來很平靜。在<strong>模擬交易時段</strong>中，比較最大成分股的每日漲跌，就能看出是哪一類股在推動指數。</p>
${DISCLAIMER}`,
  },
  n_demo_13: {
    title: 'Grupo México 與銅價循環',
    summary: 'Grupo México 結合銅礦開採與鐵路及基礎建設。本文說明為何這檔股票常被視為全球工業需求的指標。',
    content: `
<p><strong>Grupo México</strong> 是 S&amp;P/BMV IPC 指數權重最重的成分股之一。其最大業務是採礦，主要是銅，營運遍及墨西哥、秘魯與美國；公司也經營墨西哥主要的貨運鐵路網之一，以及基礎建設部門。</p>
<p>銅被用於電網、建築、車輛與電子產品，因此銅價往往跟隨市場對全球工業活動的預期。也因此，GMEXICO B 可能因墨西哥以外的消息而波動。</p>
<ul>
<li><strong>波動性</strong>：在模擬市場中，礦業股的波動通常大於民生必需品股。</li>
<li><strong>匯率</strong>：銅以美元計價，而股票以披索交易，因此披索走弱可以緩衝金屬價格下跌。</li>
<li><strong>股利</strong>：公司一向定期配息；請到股票頁面查看模擬歷史中的除息日。</li>
</ul>
${DISCLAIMER}`,
  },
  n_demo_14: {
    title: '店頭市場上的騰訊：交易 ADR 有什麼不同',
    summary: '騰訊的 ADR 在美國店頭市場交易。較寬的價差與較低的成交量，使委託類型與數量比在上市板更為重要。',
    content: `
<p><strong>騰訊控股</strong>是微信及大型電玩業務背後的公司，在香港掛牌。美國投資人可透過美國存託憑證（ADR）<strong>TCEHY</strong> 持有，該憑證在店頭市場（OTC）而非交易所交易。</p>
<p>在 App 中，OTC 個股有獨立的板塊，表現也與上市股票不同：</p>
<ul>
<li><strong>價差較寬</strong>：買賣價差是上市大型股的數倍，因此用市價單進出的成本較高。</li>
<li><strong>成交量較低</strong>：每天成交的股數較少；限價單讓您能掌控支付的價格。</li>
<li><strong>美國交易時間</strong>：即使標的股票在香港交易，ADR 仍在紐約交易時段交易。</li>
</ul>
<p>App 中的其他 OTC ADR 包括 Nestlé、Roche、Bayer、Deutsche Telekom、adidas 與 LVMH。</p>
${DISCLAIMER}`,
  },
};
