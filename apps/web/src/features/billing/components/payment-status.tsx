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

/** A payment's status as a coloured badge. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('money');
  return (
    <Badge color={COLORS[status]} variant="light" size="sm">
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}
