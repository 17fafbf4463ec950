import { InstrumentDetail } from './InstrumentDetail';

/** `/market/stockDetailzs?id=<instrumentId>`: the index detail, without trade bar, market cap or shares. */
export default function IndexDetailPage() {
  return <InstrumentDetail kind="index" />;
}
