import { InstrumentDetail } from './InstrumentDetail';

/** `/market/stockDetail?id=<instrumentId>` (spec §2). */
export default function StockDetailPage() {
  return <InstrumentDetail kind="stock" />;
}
