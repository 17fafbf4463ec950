import type { Card, Wallet } from '@brokerage/contract';
import { Button, Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCardList, useRemoveDestination } from './funds-queries';
import { CardIcon, WalletIcon } from '../../components/Icons';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { PullRefresh } from '../../components/Lists';
import { MoneyPage } from '../../components/MoneyParts';

function CardItem({ card, onDelete, busy }: { card: Card; onDelete: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="dest-item" data-testid={`card-item-${card.cardId}`}>
      <CardIcon className="dest-icon" />
      <div className="dest-text">
        <span className="dest-title">{card.bankName}</span>
        <span className="dest-number num" aria-label={t('ui.bank.maskedNumber', { number: card.numberMasked })}>
          {card.numberMasked}
        </span>
        <span className="caption">
          {card.holder} · {card.branch} · {t('ui.bank.codeShort', { code: card.bankCode })}
        </span>
      </div>
      <Button
        size="small"
        fill="outline"
        color="danger"
        disabled={busy}
        onClick={onDelete}
        aria-label={t('ui.bank.deleteCardAria', { bank: card.bankName, number: card.numberMasked })}
        data-testid={`card-delete-${card.cardId}`}
      >
        {t('ui.bank.delete')}
      </Button>
    </li>
  );
}

function WalletItem({ wallet, onDelete, busy }: { wallet: Wallet; onDelete: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="dest-item" data-testid={`wallet-item-${wallet.walletId}`}>
      {wallet.qrImageUrl ? (
        <img className="dest-qr" src={wallet.qrImageUrl} alt={t('ui.bank.qrOf', { type: wallet.type })} />
      ) : (
        <WalletIcon className="dest-icon" />
      )}
      <div className="dest-text">
        <span className="dest-title">{wallet.type}</span>
        <span className="dest-address num">{wallet.address}</span>
      </div>
      <Button
        size="small"
        fill="outline"
        color="danger"
        disabled={busy}
        onClick={onDelete}
        aria-label={t('ui.bank.unbindAria', { type: wallet.type })}
        data-testid={`wallet-delete-${wallet.walletId}`}
      >
        {t('ui.bank.unbind')}
      </Button>
    </li>
  );
}

/**
 * `/information/bankList` (spec §2 account management): bound bank cards and crypto wallets
 * from `/card/list`, numbers masked as the server sends them (docs/api.md §1.8), removal after a
 * confirmation, and the way to add either.
 */
function BankListBody() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useCardList();
  const remove = useRemoveDestination();
  const busyId = remove.isPending ? (remove.variables?.id ?? null) : null;

  const confirmRemove = async (
    target: { kind: 'card'; id: string; text: string } | { kind: 'wallet'; id: string; text: string },
  ) => {
    const ok = await Dialog.confirm({
      content:
        target.kind === 'card'
          ? t('ui.bank.confirmDelete', { card: target.text })
          : t('ui.bank.confirmUnbind', { wallet: target.text }),
      confirmText: target.kind === 'card' ? t('ui.bank.delete') : t('ui.bank.unbind'),
      cancelText: t('ui.common.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ kind: target.kind, id: target.id });
    } catch {
      // The client already showed the reason (such as a withdrawal still pending to this card).
    }
  };

  const addButtons = (
    <div className="button-row">
      <Button color="primary" onClick={() => navigate('/information/addBankCard')} data-testid="bank-add-card">
        {t('ui.bank.addCard')}
      </Button>
      <Button
        color="primary"
        fill="outline"
        onClick={() => navigate('/information/addBankCard?tab=wallet')}
        data-testid="bank-add-wallet"
      >
        {t('ui.bank.addWallet')}
      </Button>
    </div>
  );

  let body: ReactNode;
  if (list.isPending)
    body = (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  else if (list.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void list.refetch()} />
      </section>
    );
  else {
    const { cards, wallets } = list.data;
    body =
      cards.length === 0 && wallets.length === 0 ? (
        <section className="card">
          <Empty text={t('ui.bank.empty')} action={addButtons} />
        </section>
      ) : (
        <>
          <section className="card flush-card" aria-labelledby="bank-cards-title">
            <h2 id="bank-cards-title" className="card-title-pad">
              {t('ui.bank.cards')}
            </h2>
            {cards.length === 0 ? (
              <p className="muted card-title-pad">{t('ui.bank.noCards')}</p>
            ) : (
              <ul className="dest-list">
                {cards.map((card) => (
                  <CardItem
                    key={card.cardId}
                    card={card}
                    busy={busyId === card.cardId}
                    onDelete={() =>
                      void confirmRemove({
                        kind: 'card',
                        id: card.cardId,
                        text: `${card.bankName} ${card.numberMasked}`,
                      })
                    }
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="card flush-card" aria-labelledby="bank-wallets-title">
            <h2 id="bank-wallets-title" className="card-title-pad">
              {t('ui.bank.wallets')}
            </h2>
            {wallets.length === 0 ? (
              <p className="muted card-title-pad">{t('ui.bank.noWallets')}</p>
            ) : (
              <ul className="dest-list">
                {wallets.map((wallet) => (
                  <WalletItem
                    key={wallet.walletId}
                    wallet={wallet}
                    busy={busyId === wallet.walletId}
                    onDelete={() =>
                      void confirmRemove({
                        kind: 'wallet',
                        id: wallet.walletId,
                        text: `${wallet.type} ${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`,
                      })
                    }
                  />
                ))}
              </ul>
            )}
          </section>
          {addButtons}
        </>
      );
  }

  return (
    <PullRefresh onRefresh={() => list.refetch()}>
      <div className="stack">{body}</div>
    </PullRefresh>
  );
}

export default function BankListPage() {
  const { t } = useTranslation();
  return (
    <MoneyPage title={t('ui.page.bankList')} requireKyc={false}>
      <BankListBody />
    </MoneyPage>
  );
}
