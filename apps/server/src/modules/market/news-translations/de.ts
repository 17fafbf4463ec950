/** The demo news in German (see news-texts.ts): the same articles, translated by the house desk. */
import type { NewsTranslation } from '@brokerage/contract';

const DISCLAIMER = '<p><em>Demo-Inhalt für den simulierten Markt. Keine Anlageberatung.</em></p>';

export const newsDe: Record<string, NewsTranslation> = {
  n_demo_01: {
    title: 'Krypto schläft nie: Bitcoin und Ether übers Wochenende handeln',
    summary:
      'Der simulierte Kryptomarkt läuft rund um die Uhr, sieben Tage die Woche. Was das für Kurse, Spreads und Orders bedeutet, während die Aktienmärkte geschlossen sind.',
    content: `
<p>Anders als die Aktienmärkte in New York, Mexiko-Stadt und Madrid hat der <strong>simulierte Kryptomarkt keine Schlussglocke</strong>. Bitcoin, Ether und die anderen Coins der App werden jede Minute jedes Tages gegen USDT notiert, auch an Wochenenden und Feiertagen.</p>
<p>Einige praktische Hinweise für den Wochenendhandel:</p>
<ul>
<li><strong>Tageswerte</strong> (Eröffnung, Hoch, Tief und Veränderung) beziehen sich auf einen Kalendertag, nicht auf eine Sitzung zwischen Eröffnungs- und Schlussglocke.</li>
<li><strong>Die Schwankungen sind größer</strong> als bei großen Aktien: Im simulierten Markt ist eine Bewegung von mehreren Prozent an einem Tag bei kleineren Coins normal.</li>
<li><strong>Spreads</strong> sind bei Bitcoin und Ether am engsten und bei kleineren Coins wie Polkadot oder TRON weiter.</li>
<li>Mengen können gebrochen sein, Sie können also einen kleinen Teil eines Coins statt einer ganzen Einheit kaufen.</li>
</ul>
<p>Wenn Sie Aktien und Coins halten, denken Sie daran: Eine Wochenendbewegung bei Krypto kann den Wert Ihres Kontos ändern, während Ihre Aktienpositionen auf dem Freitagsschluss stehen bleiben.</p>
${DISCLAIMER}`,
  },
  n_demo_02: {
    title: 'Banxico-Sitzungswoche: Was ein Zinsentscheid für den simulierten Peso bedeutet',
    summary:
      'Mexikos Zentralbank legt den Tagesgeldsatz unter Banken fest. Wie ein Halten, eine Senkung oder eine Überraschung im simulierten Markt typischerweise auf USD/MXN und mexikanische Bankaktien wirkt.',
    content: `
<p>Die Banco de México (Banxico) steuert die mexikanischen Zinsen über ihr Ziel für den Tagesgeldsatz unter Banken, mit dem Auftrag, die Inflation nahe ihrem Ziel von 3 % zu halten. Ihre Entscheidungen gehören zu den wichtigsten planbaren Ereignissen für alle, die Pesos oder mexikanische Werte halten.</p>
<p>So lesen Sie einen Entscheid in der <strong>simulierten Sitzung</strong>:</p>
<ul>
<li><strong>Ein erwartetes Halten</strong> lässt USD/MXN meist in seiner normalen Tagesspanne.</li>
<li><strong>Eine Senkung</strong> verringert den Abstand zwischen mexikanischen und US-Zinsen, was den Peso für Carry-Trader weniger attraktiv machen kann; USD/MXN neigt dann zum Steigen.</li>
<li><strong>Eine straffere Überraschung</strong> kann das Gegenteil bewirken und den Peso stärken.</li>
</ul>
<p>Auch Banken wie Banorte reagieren auf den Zinspfad: Niedrigere Zinsen können die Marge aus Krediten drücken, stützen aber mit der Zeit die Kreditnachfrage.</p>
<p>Wenn Sie Guthaben in Pesos und Dollar halten, ändert USD/MXN auch, was diese Guthaben jeweils in der anderen Währung wert sind; ein Zinsentscheid kann also zählen, selbst wenn Sie keine mexikanischen Aktien halten.</p>
${DISCLAIMER}`,
  },
  n_demo_03: {
    title: 'América Móvil: das Telekom-Schwergewicht im IPC-Korb',
    summary:
      'AMX B gehört zu den größten Gewichten im simulierten S&P/BMV IPC. Was das Unternehmen macht und warum seine Bewegungen für den Index zählen.',
    content: `
<p><strong>América Móvil</strong> betreibt Mobilfunk-, Festnetz- und Pay-TV-Netze in Lateinamerika und darüber hinaus, unter Marken wie Telcel in Mexiko und Claro in vielen anderen Ländern. Ihre Aktien der Serie B werden in Mexiko-Stadt unter dem Kürzel <strong>AMXB</strong> gehandelt.</p>
<p>Wegen ihrer Größe hat AMX B eines der größten Gewichte im <strong>simulierten S&amp;P/BMV IPC</strong>. Bewegt sich die Aktie, bewegt sich der Index mit; ein ruhiger Tag für den Index kann also einen bewegten Tag für die Aktie verbergen und umgekehrt.</p>
<p>Worauf Sie auf der Aktienseite achten sollten:</p>
<ul>
<li><strong>Ex-Dividende-Tage</strong>: An diesen Tagen wird der Vortagesschluss angepasst, damit die Tagesveränderung aussagekräftig bleibt.</li>
<li><strong>Marktwert</strong>, berechnet aus dem simulierten Kurs und der Zahl der Aktien.</li>
<li><strong>Der Peso</strong>: Ein großer Teil des Geschäfts verdient in anderen Währungen, daher ist USD/MXN ein nützlicher Begleitchart.</li>
</ul>
${DISCLAIMER}`,
  },
  n_demo_04: {
    title: 'Fed-Entscheidungstag: dem Dollar durch die simulierte Sitzung folgen',
    summary:
      'Eine Ankündigung der Federal Reserve ist das meistbeachtete Ereignis des US-Handelstags. Eine Checkliste, um sie an US-Indizes und den Dollarpaaren der App abzulesen.',
    content: `
<p>Die US-Notenbank Federal Reserve legt die Zielspanne der Federal Funds Rate mit einem doppelten Auftrag fest: stabile Preise und maximale Beschäftigung. Ihre Erklärung und die anschließende Pressekonferenz kommen am New Yorker Nachmittag, die Reaktion spielt sich also vor Handelsschluss ab.</p>
<p>Eine Checkliste für die <strong>simulierte Sitzung</strong>:</p>
<ul>
<li><strong>S&amp;P 500 und Nasdaq-100</strong>: wachstumslastige Körbe wie der Nasdaq-100 reagieren meist stärker auf Änderungen des erwarteten Zinspfads.</li>
<li><strong>EUR/USD und USD/JPY</strong>: Ein festerer Dollar zeigt sich als fallender EUR/USD und steigender USD/JPY.</li>
<li><strong>USD/MXN</strong>: Der Peso reagiert auf den Abstand zwischen US- und mexikanischen Zinsen.</li>
</ul>
<p>Denken Sie daran, dass die Indizes der App aus den simulierten Kursen ihrer Mitglieder berechnet werden. Um zu sehen, was eine Bewegung getrieben hat, vergleichen Sie die Tagesveränderungen der größten Mitglieder.</p>
${DISCLAIMER}`,
  },
  n_demo_05: {
    title: 'NVIDIA nach zwei Splits: einen angepassten Chart lesen',
    summary:
      'NVIDIA hat seine Aktien 2021 im Verhältnis 4:1 und 2024 im Verhältnis 10:1 gesplittet. Wie die Vorwärts- und Rückwärtsanpassung der App den langfristigen Chart lesbar hält.',
    content: `
<p><strong>NVIDIA</strong> gehört zu den meistgehandelten Werten am US-Markt und hat ein großes Gewicht sowohl im S&amp;P 500 als auch im Nasdaq-100. Seine Kurshistorie enthält außerdem zwei Aktiensplits: <strong>4:1 im Juli 2021</strong> und <strong>10:1 im Juni 2024</strong>.</p>
<p>Ein Split ändert die Zahl der Aktien und den Kurs je Aktie, nicht den Wert eines Bestands. In einem nicht angepassten Chart sieht jeder Split jedoch wie ein plötzlicher Absturz aus. In den Charteinstellungen der App wählen Sie:</p>
<ul>
<li><strong>Keine Anpassung</strong>: Kurse genau so, wie sie damals notiert wurden, mit den Sprüngen an den Split-Tagen.</li>
<li><strong>Eine angepasste Ansicht</strong> (vorwärts oder rückwärts): Kurse auf einer Seite jedes Splits werden um das Split-Verhältnis umgerechnet, sodass die Linie durchgehend ist und sich langfristige Renditen auf einen Blick vergleichen lassen.</li>
</ul>
<p>Welche Ansicht Sie auch wählen, Ihre Positionen und Orderpreise verwenden immer den aktuellen, nicht angepassten Kurs.</p>
${DISCLAIMER}`,
  },
  n_demo_06: {
    title: 'EZB im Blick: Warum Euro-Zinsen für IBEX 35 und EUR/USD zählen',
    summary:
      'Der Zinspfad der Europäischen Zentralbank prägt den Euro und den spanischen Markt, in dem Banken ein großes Gewicht haben. Ein Leitfaden, um den Zusammenhang im simulierten Markt zu lesen.',
    content: `
<p>Die Europäische Zentralbank strebt im Euroraum mittelfristig eine Inflation von 2 % an. Ihre Entscheidungen zum Einlagensatz wirken auf zwei Wegen auf spanische Werte.</p>
<ul>
<li><strong>Banken</strong>: Santander, BBVA, CaixaBank und Sabadell machen zusammen einen großen Teil des IBEX 35 aus. Höhere Zinsen haben ihre Kreditmargen tendenziell gestützt; ein niedrigerer Pfad kann sie belasten.</li>
<li><strong>Versorger und Infrastruktur</strong>: Werte wie Iberdrola, Redeia und Aena gelten wegen ihrer langfristigen Investitionen und stetigen Zahlungsströme oft als zinsempfindlich.</li>
</ul>
<p>Auf der Währungsseite bewegt eine Änderung des EZB-Ausblicks gegenüber dem der Fed den <strong>EUR/USD</strong> und darüber den <strong>EUR/MXN</strong>, der den Wert von Euro-Guthaben für Kunden bestimmt, die in Pesos rechnen.</p>
<p>Öffnen Sie in der <strong>simulierten Sitzung</strong> die Seite des IBEX 35 und vergleichen Sie die Tagesveränderung der Bankwerte mit der der Versorger, um zu sehen, welche Seite den Index trägt.</p>
${DISCLAIMER}`,
  },
  n_demo_07: {
    title: 'Santander und BBVA: zwei spanische Banken, zwei unterschiedliche Profile',
    summary:
      'Die beiden größten Banken im IBEX 35 teilen einen Heimatmarkt, verdienen aber einen Großteil ihres Gewinns anderswo. Ein Vergleich, um beiden in der App zu folgen.',
    content: `
<p><strong>Banco Santander</strong> und <strong>BBVA</strong> sind die beiden größten Banken an der Madrider Börse und zwei der schwersten Gewichte im simulierten IBEX 35. Beide haben ihren Sitz in Spanien, ihr Auslandsgeschäft unterscheidet sich jedoch.</p>
<ul>
<li><strong>Santander</strong> ist stark im Vereinigten Königreich, in Brasilien, in den USA und im übrigen Europa und Lateinamerika vertreten.</li>
<li><strong>BBVA</strong> verdient einen großen Teil seines Gewinns in Mexiko, wo es die größte Bank ist, und hat auch ein bedeutendes Geschäft in der Türkei.</li>
</ul>
<p>Deshalb behalten BBVA-Beobachter oft den <strong>EUR/MXN</strong> im Auge: Eine Änderung des Pesos beeinflusst, wie die mexikanischen Gewinne in Euro umgerechnet werden.</p>
<p>Beide Banken zahlen meist zweimal im Jahr eine Dividende. An einem Ex-Tag passt die App den Vortagesschluss um die Dividende an, sodass die Tagesveränderung den Handel und nicht die Ausschüttung zeigt.</p>
${DISCLAIMER}`,
  },
  n_demo_08: {
    title: 'USD/MXN: drei Kräfte hinter den Schwankungen des Pesos',
    summary:
      'Zinsunterschiede, Risikobereitschaft und Handelsströme erklären die meisten täglichen Bewegungen des Pesos. Wie Sie jede davon im simulierten Markt erkennen.',
    content: `
<p>Der mexikanische Peso gehört zu den meistgehandelten Schwellenländerwährungen und bewegt sich oft selbst an Tagen, an denen in Mexiko nichts passiert. Drei Kräfte leisten den Großteil der Arbeit:</p>
<ul>
<li><strong>Zinsunterschiede</strong>: Der Abstand zwischen den Zinsen von Banxico und Fed macht den Peso für Carry-Trades attraktiv; wird der Abstand kleiner, lässt diese Stütze nach.</li>
<li><strong>Globale Risikobereitschaft</strong>: In Phasen der Risikoscheu verkaufen Anleger zuerst liquide Schwellenländerwährungen, und der Peso gehört zu den liquidesten.</li>
<li><strong>Handel und Rücküberweisungen</strong>: Exporte in die USA und Geld, das Arbeitskräfte im Ausland nach Hause schicken, schaffen eine stetige Nachfrage nach Pesos.</li>
</ul>
<p>Beachten Sie die Notierungskonvention: <strong>Ein steigender USD/MXN bedeutet einen schwächeren Peso</strong>, weil jeder Dollar mehr Pesos kauft.</p>
<p>Wenn Sie in Ihrem Konto Währungen tauschen möchten, lohnt sich vor dem Umtausch ein Blick auf USD/MXN und EUR/MXN.</p>
${DISCLAIMER}`,
  },
  n_demo_09: {
    title: 'Walmart und Walmex: ein Händler, zwei Märkte',
    summary:
      'Walmart Inc. wird in New York gehandelt, seine mexikanische Tochter Wal-Mart de México in Mexiko-Stadt. Der Vergleich beider zeigt auf einfache Weise, wie die Währung wirkt.',
    content: `
<p><strong>Walmart Inc.</strong> ist in New York notiert und gehört zum Dow Jones Industrial Average. <strong>Wal-Mart de México (Walmex)</strong> ist in Mexiko-Stadt notiert und mehrheitlich im Besitz der US-Mutter, mit Supermärkten, Großhandelsclubs und Discountern in Mexiko und Mittelamerika.</p>
<p>Die beiden Aktien teilen eine Marke, aber keine Währung. Wenn Sie sie in der App vergleichen:</p>
<ul>
<li>WMT wird in <strong>US-Dollar</strong> notiert, WALMEX in <strong>Pesos</strong>.</li>
<li>Für einen fairen Vergleich der Renditen betrachten Sie WALMEX zusammen mit USD/MXN: Ein unveränderter Peso-Kurs an einem Tag, an dem der Peso zulegt, ist für einen Dollar-Anleger trotzdem ein Gewinn.</li>
<li>Die Handelszeiten überschneiden sich den größten Teil des Tages, aber die mexikanische Sitzung und die Feiertage folgen dem mexikanischen Kalender.</li>
</ul>
<p>Walmarts Historie in der App zeigt auch den <strong>3:1-Split vom Februar 2024</strong>; wählen Sie einen angepassten Chart, um Kurse vor und nach dem Split zu vergleichen.</p>
${DISCLAIMER}`,
  },
  n_demo_10: {
    title: 'Berichtssaison: wie man eine Bewegung am Zahlentag liest',
    summary:
      'Quartalszahlen bringen die größten Einzelaktienbewegungen des Jahres. Ein kurzer Leitfaden zu Kurslücken, Volumen und Indexeffekten im simulierten Markt.',
    content: `
<p>Die meisten großen Unternehmen veröffentlichen ihre Quartalszahlen wenige Wochen nach Quartalsende. In den USA berichten sie oft vor der Eröffnung oder nach dem Schluss, sodass sich die Reaktion als <strong>Kurslücke</strong> zwischen dem Vortagesschluss und der nächsten Eröffnung zeigt.</p>
<p>Worauf Sie an einem Zahlentag in der <strong>simulierten Sitzung</strong> achten sollten:</p>
<ul>
<li><strong>Die Eröffnungslücke</strong> im Vergleich zum Rest des Tages: Setzt sich die Bewegung nach der Eröffnung fort oder läuft sie aus?</li>
<li><strong>Volumen</strong> im Vergleich zum üblichen Tagesvolumen der Aktie: Reger Handel spricht dafür, dass die Bewegung breit getragen wird.</li>
<li><strong>Der Index</strong>: Ein großes Mitglied wie ein Technologie-Schwergewicht kann den S&amp;P 500 allein bewegen.</li>
</ul>
<p>Dieselbe Logik gilt für den IPC in Mexiko und den IBEX 35 in Spanien, wo eine Handvoll Schwergewichte einen großen Teil des jeweiligen Index ausmacht.</p>
${DISCLAIMER}`,
  },
  n_demo_11: {
    title: 'Apples Quartalsdividende: Was am Ex-Tag passiert',
    summary:
      'Apple zahlt jedes Quartal eine kleine Bardividende. Wie sich der Ex-Tag in Kurs, Chart und Ihrem Konto in der App zeigt.',
    content: `
<p><strong>Apple</strong> zahlt seit Jahren eine vierteljährliche Bardividende, neben umfangreichen Aktienrückkäufen. Der Betrag je Aktie ist im Verhältnis zum Kurs klein, aber die Mechanik ist dieselbe wie bei jedem Dividendenzahler.</p>
<ul>
<li><strong>Ex-Tag</strong>: der erste Handelstag, an dem ein Käufer die anstehende Dividende nicht mehr erhält. Der Kurs eröffnet meist um ungefähr den Dividendenbetrag tiefer.</li>
<li><strong>Vortagesschluss</strong>: Am Ex-Tag passt die App den Vortagesschluss um die Dividende an, damit die Tagesveränderung nicht durch die Ausschüttung verzerrt wird.</li>
<li><strong>Charts</strong>: Wählen Sie eine angepasste Ansicht, um Kursbewegungen über lange Zeiträume zu vergleichen.</li>
</ul>
<p>Apple gehört außerdem zum simulierten S&amp;P 500, Nasdaq-100 und Dow Jones Industrial Average, seine Bewegungen fließen also in alle drei Indexseiten ein.</p>
${DISCLAIMER}`,
  },
  n_demo_12: {
    title: 'IBEX 35 der Woche: Banken, Versorger und die Gestalt des spanischen Index',
    summary:
      'Eine Handvoll Banken und Versorger trägt einen Großteil des IBEX 35. Was diese Konzentration für das Verhalten des Index im simulierten Markt bedeutet.',
    content: `
<p>Der IBEX 35 ist der Leitindex der Madrider Börse. Er ist nach dem Streubesitz-Marktwert gewichtet; eine kleine Gruppe großer Unternehmen macht also einen großen Teil seiner Bewegungen aus.</p>
<ul>
<li><strong>Banken</strong>: Santander, BBVA und CaixaBank gehören zu den schwersten Mitgliedern.</li>
<li><strong>Versorger</strong>: Iberdrola ist der größte, dazu kommen Endesa, Naturgy und Redeia.</li>
<li><strong>Handel und Reisen</strong>: Inditex, Aena und IAG bringen Konsum und Tourismus in den Index.</li>
</ul>
<p>Weil Banken und Versorger oft unterschiedlich auf den Zinsausblick reagieren, kann der IBEX an Tagen ruhig wirken, an denen sich seine Mitglieder in entgegengesetzte Richtungen bewegen. Vergleichen Sie in der <strong>simulierten Sitzung</strong> die Tagesveränderungen der größten Mitglieder, um zu sehen, welche Gruppe den Index treibt.</p>
${DISCLAIMER}`,
  },
  n_demo_13: {
    title: 'Grupo México und der Kupferzyklus',
    summary:
      'Grupo México verbindet Kupferbergbau mit Eisenbahnen und Infrastruktur. Warum sich die Aktie oft wie eine Wette auf die weltweite Industrienachfrage verhält.',
    content: `
<p><strong>Grupo México</strong> gehört zu den schwersten Mitgliedern des S&amp;P/BMV IPC. Sein größtes Geschäft ist der Bergbau, vor allem Kupfer, mit Betrieben in Mexiko, Peru und den USA; dazu betreibt es eines der wichtigsten Güterbahnnetze Mexikos und eine Infrastruktursparte.</p>
<p>Kupfer steckt in Stromnetzen, Gebäuden, Fahrzeugen und Elektronik, daher folgt sein Preis meist den Erwartungen an die weltweite Industrietätigkeit. So kann GMEXICO B auf Nachrichten weit außerhalb Mexikos reagieren.</p>
<ul>
<li><strong>Schwankungen</strong>: Bergbauaktien schwanken im simulierten Markt meist stärker als Basiskonsumgüter.</li>
<li><strong>Währung</strong>: Kupfer wird in Dollar bepreist, die Aktien werden in Pesos gehandelt; ein schwächerer Peso kann einen niedrigeren Metallpreis abfedern.</li>
<li><strong>Dividenden</strong>: Das Unternehmen zahlt traditionell regelmäßig aus; die Ex-Tage der simulierten Historie finden Sie auf der Aktienseite.</li>
</ul>
${DISCLAIMER}`,
  },
  n_demo_14: {
    title: 'Tencent im OTC-Segment: Was sich beim Handel mit einem ADR ändert',
    summary:
      'Tencents ADR wird in den USA außerbörslich gehandelt. Weitere Spreads und geringeres Volumen machen Ordertyp und Ordergröße wichtiger als im börsennotierten Segment.',
    content: `
<p><strong>Tencent Holdings</strong>, das Unternehmen hinter WeChat und einem großen Videospielgeschäft, ist in Hongkong notiert. US-Anleger können es über ein American Depositary Receipt (ADR) halten, <strong>TCEHY</strong>, das außerbörslich (OTC) statt an einer Börse gehandelt wird.</p>
<p>In der App haben OTC-Werte ein eigenes Segment und verhalten sich anders als börsennotierte Aktien:</p>
<ul>
<li><strong>Weitere Spreads</strong>: Der Abstand zwischen Geld- und Briefkurs ist ein Mehrfaches dessen eines notierten Standardwerts, ein Ein- und Ausstieg per Market-Order kostet also mehr.</li>
<li><strong>Geringeres Volumen</strong>: Täglich wechseln weniger Aktien den Besitzer; mit einer Limit-Order bestimmen Sie den Preis, den Sie zahlen.</li>
<li><strong>US-Handelszeiten</strong>: Das ADR wird während der New Yorker Sitzung gehandelt, obwohl die zugrunde liegenden Aktien in Hongkong gehandelt werden.</li>
</ul>
<p>Weitere OTC-ADRs in der App sind Nestlé, Roche, Bayer, Deutsche Telekom, adidas und LVMH.</p>
${DISCLAIMER}`,
  },
};
