// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, page, renderAt, setUpSignedInTests, stubApi, summary, useOfflineQuotes } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { IndexStrip } from './HomeSections';

const index = (market: string, code: string) =>
  summary(`i_${market}_${code}`, code, `${code} index`, { market, assetClass: 'index' });

const indexes: Record<string, ReturnType<typeof index>[]> = {
  mxn: [index('mxn', 'IPC')],
  usd: [index('usd', 'DJI'), index('usd', 'SPX'), index('usd', 'NDX')],
  eur: [],
};

describe('the index row at the top of the home screen', () => {
  setUpSignedInTests(ACCOUNT);

  it("shows every market's indexes in one row, the chosen market's first", async () => {
    useOfflineQuotes();
    const api = stubApi({
      '/market/list': (body) => ({ data: listPage(indexes[(body as { market: string }).market] ?? []) }),
    });
    renderAt('/home/index', [page('/home/index', <IndexStrip />)]);
    const row = await screen.findByTestId('index-strip');
    await within(row).findByTestId('index-card-i_usd_NDX');
    // the session's market is mxn (its default): its one index, then the others
    expect(
      within(row)
        .getAllByRole('button')
        .map((card) => card.getAttribute('data-testid')),
    ).toEqual(['index-card-i_mxn_IPC', 'index-card-i_usd_DJI', 'index-card-i_usd_SPX', 'index-card-i_usd_NDX']);
    expect(
      api
        .callsTo('/market/list')
        .map((b) => (b as { market: string }).market)
        .sort(),
    ).toEqual(['eur', 'mxn', 'usd']);
  });

  it('says so when no market has an index, and offers a retry when the lists fail', async () => {
    useOfflineQuotes();
    stubApi({ '/market/list': { data: listPage([]) } });
    const { unmount } = renderAt('/home/index', [page('/home/index', <IndexStrip />)]);
    expect(await screen.findByText('There is nothing to show here yet.')).toBeTruthy();
    unmount();
    stubApi({ '/market/list': { status: 0, code: 'request.invalid', msg: 'x', httpStatus: 500 } });
    renderAt('/home/index', [page('/home/index', <IndexStrip />)]);
    expect(await screen.findByTestId('state-error')).toBeTruthy();
  });
});
