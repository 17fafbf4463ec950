/** The demo news in Spanish (see news-texts.ts): the same articles, translated by the house desk. */
import type { NewsTranslation } from '@brokerage/contract';

const DISCLAIMER =
  '<p><em>Contenido de demostración para el mercado simulado. No es asesoramiento de inversión.</em></p>';

export const newsEsp: Record<string, NewsTranslation> = {
  n_demo_01: {
    title: 'Las criptomonedas nunca duermen: operar Bitcoin y Ether durante el fin de semana',
    summary:
      'El mercado cripto simulado funciona las 24 horas, los siete días de la semana. Qué significa para las cotizaciones, los diferenciales y las órdenes mientras las bolsas están cerradas.',
    content: `
<p>A diferencia de las bolsas de Nueva York, Ciudad de México y Madrid, el <strong>mercado cripto simulado no tiene campana de cierre</strong>. Bitcoin, Ether y las demás monedas de la app cotizan contra USDT cada minuto de cada día, también los fines de semana y festivos.</p>
<p>Algunas claves prácticas para la sesión del fin de semana:</p>
<ul>
<li><strong>Las cifras diarias</strong> (apertura, máximo, mínimo y variación) se refieren a un día natural, no a una sesión entre la campana de apertura y la de cierre.</li>
<li><strong>La volatilidad es mayor</strong> que en las acciones de gran capitalización: en el mercado simulado, un movimiento de varios puntos porcentuales en un día es habitual en las monedas más pequeñas.</li>
<li><strong>Los diferenciales</strong> son más estrechos en Bitcoin y Ether y más amplios en monedas pequeñas como Polkadot o TRON.</li>
<li>Las cantidades pueden ser fraccionarias: puede comprar una pequeña parte de una moneda en lugar de una unidad entera.</li>
</ul>
<p>Si tiene acciones y criptomonedas, recuerde que un movimiento de fin de semana en cripto puede cambiar el valor de su cuenta mientras sus posiciones en acciones siguen en el cierre del viernes.</p>
${DISCLAIMER}`,
  },
  n_demo_02: {
    title: 'Semana de Banxico: qué significa una decisión de tipos para el peso simulado',
    summary:
      'El banco central de México fija la tasa de interés interbancaria a un día. Explicamos cómo una pausa, un recorte o una sorpresa suelen trasladarse al USD/MXN y a las acciones de bancos mexicanos en nuestro mercado simulado.',
    content: `
<p>El Banco de México (Banxico) guía los tipos de interés mexicanos mediante su objetivo para la tasa interbancaria a un día, con el mandato de mantener la inflación cerca de su meta del 3 %. Sus decisiones son uno de los principales eventos programados para quien tiene pesos o activos mexicanos.</p>
<p>Cómo leer una decisión en la <strong>sesión simulada</strong>:</p>
<ul>
<li><strong>Una pausa en línea con lo esperado</strong> suele dejar el USD/MXN dentro de su rango diario normal.</li>
<li><strong>Un recorte</strong> reduce la diferencia entre los tipos mexicanos y los de EE. UU., lo que puede restar atractivo al peso para las operaciones de carry; el USD/MXN tiende a subir.</li>
<li><strong>Una sorpresa restrictiva</strong> puede tener el efecto contrario y fortalecer el peso.</li>
</ul>
<p>Los bancos como Banorte también son sensibles a la trayectoria de los tipos: tipos más bajos pueden estrechar el margen que obtienen de los préstamos, aunque con el tiempo sostienen la demanda de crédito.</p>
<p>Si tiene saldos en pesos y en dólares, el USD/MXN también cambia lo que valen unos en términos de los otros, así que una decisión de tipos puede importarle aunque no tenga acciones mexicanas.</p>
${DISCLAIMER}`,
  },
  n_demo_03: {
    title: 'América Móvil: el peso pesado de las telecomunicaciones en la canasta del IPC',
    summary:
      'AMX B es una de las mayores ponderaciones del S&P/BMV IPC simulado. Qué hace la empresa y por qué sus movimientos importan para el índice.',
    content: `
<p><strong>América Móvil</strong> opera redes móviles, fijas y de televisión de paga en América Latina y otros lugares, con marcas como Telcel en México y Claro en muchos otros países. Sus acciones de la Serie B cotizan en Ciudad de México con la clave <strong>AMXB</strong>.</p>
<p>Por su tamaño, AMX B tiene una de las mayores ponderaciones del <strong>S&amp;P/BMV IPC simulado</strong>. Cuando se mueve, el índice se mueve con ella, de modo que un día tranquilo para el índice puede esconder uno agitado para la acción, y al revés.</p>
<p>Puntos que conviene vigilar en la página de la acción:</p>
<ul>
<li><strong>Fechas ex dividendo</strong>: esos días se ajusta el cierre anterior para que la variación diaria siga siendo significativa.</li>
<li><strong>El valor de mercado</strong>, calculado a partir del precio simulado y del número de acciones.</li>
<li><strong>El peso</strong>: una gran parte del negocio gana en otras monedas, así que el USD/MXN es un gráfico complementario útil.</li>
</ul>
${DISCLAIMER}`,
  },
  n_demo_04: {
    title: 'Día de decisión de la Fed: seguir al dólar durante la sesión simulada',
    summary:
      'Un anuncio de la Reserva Federal es el evento más observado de la jornada en EE. UU. Una lista de comprobación para leerlo a través de los índices estadounidenses y los pares del dólar de la app.',
    content: `
<p>La Reserva Federal de EE. UU. fija el rango objetivo de los fondos federales con un doble mandato: precios estables y máximo empleo. Su comunicado y la rueda de prensa posterior se publican por la tarde en Nueva York, así que la reacción se desarrolla antes del cierre.</p>
<p>Una lista de comprobación para la <strong>sesión simulada</strong>:</p>
<ul>
<li><strong>S&amp;P 500 y Nasdaq-100</strong>: las canastas con mucho crecimiento, como el Nasdaq-100, suelen reaccionar con más fuerza a los cambios en la trayectoria esperada de los tipos.</li>
<li><strong>EUR/USD y USD/JPY</strong>: un dólar más firme se ve como un EUR/USD a la baja y un USD/JPY al alza.</li>
<li><strong>USD/MXN</strong>: el peso responde a la diferencia entre los tipos de EE. UU. y los de México.</li>
</ul>
<p>Recuerde que los índices de la app se calculan a partir de los precios simulados de sus miembros. Para ver qué impulsó un movimiento, compare las variaciones diarias de los miembros más grandes.</p>
${DISCLAIMER}`,
  },
  n_demo_05: {
    title: 'NVIDIA tras dos splits: cómo leer un gráfico ajustado',
    summary:
      'NVIDIA dividió sus acciones 4 por 1 en 2021 y 10 por 1 en 2024. Mostramos cómo el ajuste hacia delante y hacia atrás de la app mantiene legible el gráfico de largo plazo.',
    content: `
<p><strong>NVIDIA</strong> es uno de los valores más negociados del mercado estadounidense y tiene una gran ponderación tanto en el S&amp;P 500 como en el Nasdaq-100. Su historial de precios incluye además dos splits: <strong>4 por 1 en julio de 2021</strong> y <strong>10 por 1 en junio de 2024</strong>.</p>
<p>Un split cambia el número de acciones y el precio por acción, no el valor de una posición. Sin embargo, en un gráfico sin ajustar, cada split parece un desplome repentino. La configuración del gráfico de la app le permite elegir:</p>
<ul>
<li><strong>Sin ajuste</strong>: los precios tal como cotizaron en su momento, con los saltos en los días de split.</li>
<li><strong>Una vista ajustada</strong> (hacia delante o hacia atrás): los precios de un lado de cada split se reescalan según la proporción del split, de modo que la línea es continua y los rendimientos de largo plazo se comparan de un vistazo.</li>
</ul>
<p>Elija la vista que elija, sus posiciones y los precios de sus órdenes usan siempre la cotización actual sin ajustar.</p>
${DISCLAIMER}`,
  },
  n_demo_06: {
    title: 'Pendientes del BCE: por qué los tipos del euro importan para el IBEX 35 y el EUR/USD',
    summary:
      'La trayectoria de tipos del Banco Central Europeo influye en el euro y en el mercado español, donde los bancos pesan mucho. Una guía para leer esa relación en el mercado simulado.',
    content: `
<p>El Banco Central Europeo busca una inflación del 2 % a medio plazo en la zona del euro. Sus decisiones sobre el tipo de la facilidad de depósito llegan a los activos españoles por dos vías.</p>
<ul>
<li><strong>Bancos</strong>: Santander, BBVA, CaixaBank y Sabadell suman una gran parte del IBEX 35. Los tipos más altos han tendido a sostener sus márgenes de préstamo; una trayectoria más baja puede pesarles.</li>
<li><strong>Eléctricas e infraestructuras</strong>: valores como Iberdrola, Redeia y Aena suelen considerarse sensibles a los tipos por sus inversiones de largo plazo y sus flujos de caja estables.</li>
</ul>
<p>En el lado de las divisas, un cambio en las perspectivas del BCE frente a las de la Fed mueve el <strong>EUR/USD</strong> y, a través de él, el <strong>EUR/MXN</strong>, que fija el valor de los saldos en euros para los clientes que contabilizan en pesos.</p>
<p>En la <strong>sesión simulada</strong>, abra la página del IBEX 35 y compare la variación diaria de los bancos con la de las eléctricas para ver qué lado del índice está tirando.</p>
${DISCLAIMER}`,
  },
  n_demo_07: {
    title: 'Santander y BBVA: dos bancos españoles, dos huellas distintas',
    summary:
      'Los dos mayores bancos del IBEX 35 comparten mercado local, pero obtienen gran parte de su beneficio fuera. Una guía comparativa para seguirlos en la app.',
    content: `
<p><strong>Banco Santander</strong> y <strong>BBVA</strong> son los dos mayores bancos de la bolsa de Madrid y dos de las mayores ponderaciones del IBEX 35 simulado. Ambos tienen su sede en España, pero sus negocios en el extranjero son distintos.</p>
<ul>
<li><strong>Santander</strong> tiene grandes operaciones en el Reino Unido, Brasil, Estados Unidos y el resto de Europa y América Latina.</li>
<li><strong>BBVA</strong> obtiene una gran parte de su beneficio en México, donde es el mayor banco, y también tiene un negocio relevante en Turquía.</li>
</ul>
<p>Por eso quienes siguen a BBVA suelen vigilar el <strong>EUR/MXN</strong>: un cambio en el peso afecta a cómo se traducen a euros los beneficios mexicanos.</p>
<p>Ambos bancos suelen pagar dividendos dos veces al año. En una fecha ex dividendo, la app ajusta el cierre anterior por el dividendo para que la variación diaria refleje la negociación y no el pago.</p>
${DISCLAIMER}`,
  },
  n_demo_08: {
    title: 'USD/MXN: tres fuerzas detrás de los vaivenes del peso',
    summary:
      'Los diferenciales de tipos, el apetito por el riesgo y los flujos comerciales explican la mayor parte de los movimientos diarios del peso. Cómo detectar cada uno en el mercado simulado.',
    content: `
<p>El peso mexicano es una de las divisas emergentes más negociadas y a menudo se mueve incluso los días en que no pasa nada en México. Tres fuerzas hacen la mayor parte del trabajo:</p>
<ul>
<li><strong>Diferenciales de tipos</strong>: la distancia entre los tipos de Banxico y los de la Fed hace atractivo el peso para el carry trade; cuando la distancia se estrecha, ese apoyo se desvanece.</li>
<li><strong>Apetito global por el riesgo</strong>: en los episodios de aversión al riesgo, los inversores venden primero las divisas emergentes más líquidas, y el peso está entre ellas.</li>
<li><strong>Comercio y remesas</strong>: las exportaciones a Estados Unidos y el dinero que envían a casa quienes trabajan en el extranjero crean una demanda constante de pesos.</li>
</ul>
<p>Recuerde la convención de cotización: <strong>que el USD/MXN suba significa un peso más débil</strong>, porque cada dólar compra más pesos.</p>
<p>Si piensa cambiar divisas en su cuenta, conviene revisar el USD/MXN y el EUR/MXN antes de convertir.</p>
${DISCLAIMER}`,
  },
  n_demo_09: {
    title: 'Walmart y Walmex: un minorista, dos mercados',
    summary:
      'Walmart Inc. cotiza en Nueva York; su filial mexicana, Wal-Mart de México, en Ciudad de México. Compararlas es una forma sencilla de ver el efecto de la divisa.',
    content: `
<p><strong>Walmart Inc.</strong> cotiza en Nueva York y forma parte del Dow Jones Industrial Average. <strong>Wal-Mart de México (Walmex)</strong> cotiza en Ciudad de México y es propiedad mayoritaria de su matriz estadounidense, con supermercados, clubes de precio y tiendas de descuento en México y Centroamérica.</p>
<p>Las dos acciones comparten marca, pero no divisa. Al compararlas en la app:</p>
<ul>
<li>WMT cotiza en <strong>dólares estadounidenses</strong>; WALMEX en <strong>pesos</strong>.</li>
<li>Para comparar rendimientos con justicia, mire WALMEX junto con el USD/MXN: un precio en pesos sin cambios un día en que el peso se fortalece sigue siendo una ganancia para un inversor en dólares.</li>
<li>Los horarios se solapan la mayor parte del día, pero la sesión mexicana y sus festivos siguen el calendario de México.</li>
</ul>
<p>El historial de Walmart en la app muestra también su <strong>split de 3 por 1 de febrero de 2024</strong>; elija un gráfico ajustado para comparar precios a ambos lados.</p>
${DISCLAIMER}`,
  },
  n_demo_10: {
    title: 'Temporada de resultados: cómo leer el movimiento de un día de resultados',
    summary:
      'Los resultados trimestrales traen los mayores movimientos individuales del año. Una breve guía sobre huecos, volumen y efectos en los índices en el mercado simulado.',
    content: `
<p>La mayoría de las grandes empresas publica sus resultados trimestrales pocas semanas después del cierre de cada trimestre. En EE. UU. suelen hacerlo antes de la apertura o después del cierre, de modo que la reacción aparece como un <strong>hueco</strong> entre el cierre anterior y la siguiente apertura.</p>
<p>Qué mirar en un día de resultados en la <strong>sesión simulada</strong>:</p>
<ul>
<li><strong>El hueco de apertura</strong> frente al resto del día: ¿el movimiento se amplía o se desvanece tras la apertura?</li>
<li><strong>El volumen</strong> frente al volumen diario habitual de la acción: una negociación intensa sugiere que el movimiento es ampliamente compartido.</li>
<li><strong>El índice</strong>: un miembro grande, como una tecnológica de megacapitalización, puede mover por sí solo el S&amp;P 500.</li>
</ul>
<p>La misma lógica se aplica al IPC en México y al IBEX 35 en España, donde un puñado de pesos pesados representa gran parte de cada índice.</p>
${DISCLAIMER}`,
  },
  n_demo_11: {
    title: 'El dividendo trimestral de Apple: qué pasa en la fecha ex dividendo',
    summary:
      'Apple paga cada trimestre un pequeño dividendo en efectivo. Explicamos cómo se refleja la fecha ex dividendo en la cotización, el gráfico y su cuenta en la app.',
    content: `
<p><strong>Apple</strong> paga desde hace años un dividendo trimestral en efectivo, junto con grandes recompras de acciones. El importe por acción es pequeño en relación con el precio, pero el mecanismo es el mismo que en cualquier empresa que reparte dividendos.</p>
<ul>
<li><strong>Fecha ex dividendo</strong>: el primer día de negociación en que un comprador ya no recibe el próximo dividendo. El precio suele abrir más bajo aproximadamente en el importe del dividendo.</li>
<li><strong>Cierre anterior</strong>: en la fecha ex dividendo, la app ajusta el cierre anterior por el dividendo para que la variación diaria no quede distorsionada por el pago.</li>
<li><strong>Gráficos</strong>: elija una vista ajustada para comparar la evolución total del precio en periodos largos.</li>
</ul>
<p>Apple también forma parte del S&amp;P 500, el Nasdaq-100 y el Dow Jones Industrial Average simulados, así que sus movimientos se reflejan en las tres páginas de índices.</p>
${DISCLAIMER}`,
  },
  n_demo_12: {
    title: 'IBEX 35 semanal: bancos, eléctricas y la forma del índice español',
    summary:
      'Un puñado de bancos y eléctricas concentra gran parte del IBEX 35. Qué significa esa concentración para el comportamiento del índice en el mercado simulado.',
    content: `
<p>El IBEX 35 es el índice de referencia de la bolsa de Madrid. Se pondera por capitalización bursátil ajustada al capital flotante, lo que significa que un pequeño grupo de grandes empresas explica buena parte de sus movimientos.</p>
<ul>
<li><strong>Bancos</strong>: Santander, BBVA y CaixaBank están entre los miembros de mayor peso.</li>
<li><strong>Eléctricas</strong>: Iberdrola es la mayor, acompañada de Endesa, Naturgy y Redeia.</li>
<li><strong>Distribución y viajes</strong>: Inditex, Aena e IAG dan al índice exposición al consumo y al turismo.</li>
</ul>
<p>Como los bancos y las eléctricas suelen responder de forma distinta a las perspectivas de tipos, el IBEX puede parecer tranquilo en días en que sus miembros se mueven en direcciones opuestas. En la <strong>sesión simulada</strong>, compare las variaciones diarias de los miembros más grandes para ver qué grupo mueve el índice.</p>
${DISCLAIMER}`,
  },
  n_demo_13: {
    title: 'Grupo México y el ciclo del cobre',
    summary:
      'Grupo México combina la minería del cobre con ferrocarriles e infraestructura. Por qué la acción suele comportarse como una apuesta por la demanda industrial mundial.',
    content: `
<p><strong>Grupo México</strong> es uno de los miembros de mayor peso del S&amp;P/BMV IPC. Su mayor negocio es la minería, sobre todo de cobre, con operaciones en México, Perú y Estados Unidos; también opera una de las principales redes ferroviarias de carga de México y una división de infraestructura.</p>
<p>El cobre se usa en redes eléctricas, edificios, vehículos y electrónica, por lo que su precio tiende a seguir las expectativas sobre la actividad industrial mundial. Por eso GMEXICO B puede moverse con noticias de muy lejos de México.</p>
<ul>
<li><strong>Volatilidad</strong>: en el mercado simulado, las mineras suelen oscilar más que los valores de consumo básico.</li>
<li><strong>Divisa</strong>: el cobre se cotiza en dólares mientras las acciones se negocian en pesos, así que un peso más débil puede amortiguar un precio del metal más bajo.</li>
<li><strong>Dividendos</strong>: la empresa tiene un historial de pagos regulares; consulte las fechas ex dividendo del historial simulado en la página de la acción.</li>
</ul>
${DISCLAIMER}`,
  },
  n_demo_14: {
    title: 'Tencent en el mercado OTC: qué cambia al operar un ADR',
    summary:
      'El ADR de Tencent se negocia fuera de bolsa en EE. UU. Los diferenciales más amplios y el menor volumen hacen que el tipo y el tamaño de la orden importen más que en el mercado de cotizadas.',
    content: `
<p><strong>Tencent Holdings</strong>, la empresa detrás de WeChat y de un gran negocio de videojuegos, cotiza en Hong Kong. Los inversores estadounidenses pueden tenerla a través de un recibo de depósito estadounidense (ADR), <strong>TCEHY</strong>, que se negocia en el mercado extrabursátil (OTC) en lugar de en una bolsa.</p>
<p>En la app, los valores OTC tienen su propio tablero y se comportan de forma distinta a las acciones cotizadas:</p>
<ul>
<li><strong>Diferenciales más amplios</strong>: la distancia entre compra y venta es varias veces la de una gran empresa cotizada, así que entrar y salir con una orden a mercado cuesta más.</li>
<li><strong>Menor volumen</strong>: cada día cambian de manos menos acciones; una orden limitada le permite controlar el precio que paga.</li>
<li><strong>Horario de EE. UU.</strong>: el ADR se negocia durante la sesión de Nueva York aunque las acciones subyacentes coticen en Hong Kong.</li>
</ul>
<p>Otros ADR OTC de la app son Nestlé, Roche, Bayer, Deutsche Telekom, adidas y LVMH.</p>
${DISCLAIMER}`,
  },
};
