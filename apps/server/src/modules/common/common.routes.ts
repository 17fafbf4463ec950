import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps } from '../../platform/http.js';
import type { Settings } from '../../platform/settings.js';
import { currentAgreementVersion, currentLegal } from './legal.service.js';

/** `/common/config`: the public subset of the settings, as `{name, value}` strings (docs/api.md §6.1). */
export async function publicConfig(db: Db, settings: Settings): Promise<{ name: string; value: string }[]> {
  const enabled = settings.get('currencies.enabled');
  return [
    { name: 'title', value: settings.get('display.title') },
    { name: 'logo', value: settings.get('display.logo') },
    { name: 'image_base', value: settings.get('display.imageBase') },
    { name: 'service_link', value: settings.get('display.serviceLink') },
    { name: 'default_market', value: 'mxn' },
    { name: 'markets', value: 'mxn,usd,eur,crypto,forex' },
    { name: 'currencies', value: enabled.join(',') },
    { name: 'languages', value: 'en,de,zh,esp,kor' },
    { name: 'agreement_version', value: await currentAgreementVersion(db) },
    { name: 'ipo_min_shares', value: String(settings.get('subscription.ipoMinShares')) },
    // our additions (docs/decisions.md): the alert sheet shows "too many" before the user presses (§22.1)
    { name: 'alert_max_active', value: String(settings.get('alert.maxActive')) },
    // the exchange screen shows the minimum before the user presses (§10.7)
    ...enabled.map((currency) => ({
      name: `exchange_min.${currency}`,
      value: settings.get(`exchange.minAmount.${currency}`),
    })),
  ];
}

export function registerCommonRoutes(app: FastifyInstance, route: UserRouteDeps, db: Db, settings: Settings): void {
  registerUserRoute(app, route, userEndpoints.config, async () => ({ data: await publicConfig(db, settings) }));
  registerUserRoute(app, route, userEndpoints.legal, async ({ body }) => ({
    data: await currentLegal(db, body.kind, body.lang),
  }));
}
