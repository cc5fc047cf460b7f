import { Badge } from '@mantine/core';
import type { PaymentStatus } from '@storelift/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PaymentStatus, string> = {
  pending: 'gray',
  received: 'yellow',
  credited: 'teal',
  canceled: 'red',
  refunded: 'grape',
};

/**
 * The text colour of a small light badge: the light variant's own shade is too pale on its tint at this size
 * (axe contrast), the page's text colour reads on it in either scheme.
 */
export const BADGE_TEXT = 'var(--mantine-color-text)';

/**
 * A payment's status as a coloured badge, never cut short by a tight table; a pending transfer (it has a
 * reference) reads "Awaiting transfer".
 */
export function PaymentStatusBadge({
  status,
  awaitingTransfer = false,
}: {
  status: PaymentStatus;
  awaitingTransfer?: boolean;
}) {
  const { t } = useTranslation('money');
  const transfer = awaitingTransfer && status === 'pending';
  return (
    <Badge
      color={transfer ? 'blue' : COLORS[status]}
      c={BADGE_TEXT}
      variant="light"
      size="sm"
      miw="max-content"
    >
      {t(transfer ? 'paymentStatus.awaitingTransfer' : `paymentStatus.${status}`)}
    </Badge>
  );
}
