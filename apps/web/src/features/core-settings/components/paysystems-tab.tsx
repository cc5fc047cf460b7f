import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { PAYMENT_SYSTEMS, type AdminPaysystem as Paysystem } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showApiError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { paysystemsQueryOptions, usePaysystemActive } from '../api/settings';
import { PaysystemModal } from './paysystem-modal';

const short = (value: string) => value.replace(/\.?0+$/, '');

/**
 * Who serves a system: its hosted provider (configured or not) and live or sandbox; without one configured, the
 * embedded sandbox (outside production) or nobody: then customers are not offered it. Transfers between accounts
 * (34) are the customers' Transfers page, live while the system is switched on.
 */
function ProviderCell({ system }: { system: Paysystem }) {
  const { t } = useTranslation('settings');
  const { hosted, configured, mode } = system.provider_status;
  const modeBadge =
    mode === null ? (
      <Badge color="gray" variant="light">
        {t('paysystems.notOffered')}
      </Badge>
    ) : (
      <Badge color={mode === 'live' ? 'teal' : 'yellow'} variant="light">
        {t(configured ? `paysystems.mode.${mode}` : 'paysystems.embeddedSandbox')}
      </Badge>
    );
  return (
    <Stack gap={4} data-testid={`paysystem-provider-${system.id}`}>
      <Text size="sm" fw={500}>
        {system.id === PAYMENT_SYSTEMS.transfer
          ? t('paysystems.transfersPage')
          : hosted
            ? t(`paysystems.providers.${hosted}`)
            : t('paysystems.noHosted')}
      </Text>
      <Group gap={4}>
        {hosted && !configured && (
          <Badge color="red" variant="outline">
            {t('paysystems.notConfigured')}
          </Badge>
        )}
        {modeBadge}
      </Group>
    </Stack>
  );
}

/**
 * Payment systems (staff-admin §3, ids of customer-area §3): the active switch (switching one off hides it from
 * the top-up, so it is confirmed) and an editor of the bonus and options.
 */
export function PaysystemsTab() {
  const { t } = useTranslation('settings');
  const canEdit = useCan('settings.paysystems');
  const { data, error, refetch, isPending } = useQuery(paysystemsQueryOptions());
  const active = usePaysystemActive();
  const [editing, setEditing] = useState<Paysystem | null>(null);
  const [switchingOff, setSwitchingOff] = useState<Paysystem | null>(null);

  const setActive = async (system: Paysystem, isActive: boolean) => {
    try {
      const answer = await active.mutateAsync({ id: system.id, is_active: isActive });
      notifySuccess(translateMessage(answer.message));
    } catch (error) {
      showApiError(error);
    } finally {
      setSwitchingOff(null);
    }
  };

  if (error) return <ListError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loader role="status" size="sm" aria-label={t('loading')} />;
  if (data.data.length === 0) return <Text c="dimmed">{t('paysystems.empty')}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="paysystems-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paysystems.id')}</Table.Th>
              <Table.Th>{t('paysystems.name')}</Table.Th>
              <Table.Th>{t('paysystems.provider')}</Table.Th>
              <Table.Th>{t('paysystems.limits')}</Table.Th>
              <Table.Th>{t('paysystems.fee')}</Table.Th>
              <Table.Th>{t('paysystems.bonus')}</Table.Th>
              <Table.Th>{t('paysystems.confirmations')}</Table.Th>
              <Table.Th>{t('paysystems.active')}</Table.Th>
              {canEdit && <Table.Th>{t('paysystems.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((system) => (
              <Table.Tr key={system.id} data-testid={`paysystem-${system.id}`}>
                <Table.Td>{system.id}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {system.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {system.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ProviderCell system={system} />
                </Table.Td>
                <Table.Td>
                  {short(system.min_amount)} – {short(system.max_amount)}
                </Table.Td>
                <Table.Td data-testid="paysystem-fee-cell">
                  {short(system.fee)} %
                  {system.vat !== null && ` (${t('paysystems.vatShort', { vat: short(system.vat) })})`}
                </Table.Td>
                <Table.Td>
                  {system.bonus
                    ? system.bonus_max_amount
                      ? t('paysystems.bonusUpTo', { amount: short(system.bonus_max_amount) })
                      : t('paysystems.yes')
                    : t('paysystems.no')}
                </Table.Td>
                <Table.Td>{system.confirmations}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={system.is_active}
                    disabled={!canEdit}
                    aria-label={t('paysystems.activeOf', { name: system.name })}
                    data-testid={`paysystem-active-${system.id}`}
                    onChange={(event) =>
                      event.currentTarget.checked ? void setActive(system, true) : setSwitchingOff(system)
                    }
                  />
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('paysystems.edit', { name: system.name })}
                      onClick={() => setEditing(system)}
                      data-testid={`paysystem-edit-${system.id}`}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PaysystemModal system={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={switchingOff !== null}
        title={t('paysystems.offTitle', { name: switchingOff?.name ?? '' })}
        confirmLabel={t('paysystems.offConfirm')}
        loading={active.isPending}
        onConfirm={() => switchingOff && void setActive(switchingOff, false)}
        onClose={() => setSwitchingOff(null)}
      >
        {t('paysystems.offText')}
      </ConfirmModal>
    </Stack>
  );
}
