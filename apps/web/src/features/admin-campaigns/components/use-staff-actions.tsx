import { useState, type ComponentType } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CAMPAIGN_MESSAGES, type AdminCampaign, type StaffCampaignAction } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showApiError, showErrorModal } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { textLimitError, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useStaffAction } from '../api/admin-campaigns';
import { actionColor, actionLabel, isDestructive, takesReason } from './staff-actions';

/** Longest reason the server writes to the history (`reason` ≤ 500). */
const REASON_MAX = 500;

/** The start-time control of the start dialog (the campaigns feature's delayed start, composed by the route). */
export interface StartTimeProps {
  startAt: string | null;
  onChange: (startAt: string | null) => void;
  testId: string;
}

/** What the dialog asks before an action runs. */
interface Answers {
  reason: string;
  startAt: string | null;
}

/**
 * Runs staff actions: the quiet ones at once, the others after a dialog that asks for a reason (and
 * confirms the destructive ones; a start may also get a start time). Render `dialog` once; call
 * `request` from a menu or a button.
 */
export function useStaffActions(StartTime: ComponentType<StartTimeProps>) {
  const action = useStaffAction();
  const [asked, setAsked] = useState<{ campaign: AdminCampaign; action: StaffCampaignAction } | null>(null);

  const run = (campaign: AdminCampaign, kind: StaffCampaignAction, answers?: Answers) =>
    action.mutate(
      { id: campaign.id, action: kind, reason: answers?.reason, startAt: answers?.startAt },
      {
        onSuccess: (answer) => {
          if (answer.message) notifySuccess(translateMessage(answer.message));
          setAsked(null);
        },
        onError: (failure) => {
          setAsked(null);
          // A start refused for money without an error map still says why (staff-admin §8).
          if (kind === 'start' && failure instanceof ApiError && failure.status === 422 && !failure.errors)
            showErrorModal([translateMessage(CAMPAIGN_MESSAGES.campaignTopUpToStart)]);
          else showApiError(failure);
        },
      },
    );

  const request = (campaign: AdminCampaign, kind: StaffCampaignAction) => {
    if (takesReason(kind)) setAsked({ campaign, action: kind });
    else run(campaign, kind);
  };

  const dialog = (
    <ActionDialog
      asked={asked}
      pending={action.isPending}
      onClose={() => setAsked(null)}
      onConfirm={(answers) => asked && run(asked.campaign, asked.action, answers)}
      StartTime={StartTime}
    />
  );
  return { request, dialog, pending: action.isPending ? action.variables : undefined };
}

function ActionDialog({
  asked,
  pending,
  onClose,
  onConfirm,
  StartTime,
}: {
  asked: { campaign: AdminCampaign; action: StaffCampaignAction } | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (answers: Answers) => void;
  StartTime: ComponentType<StartTimeProps>;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [startAt, setStartAt] = useState<string | null>(null);
  // Each question starts with an empty reason and "start now".
  const [shown, setShown] = useState(asked);
  if (asked !== shown) {
    setShown(asked);
    if (asked) {
      setReason('');
      setStartAt(null);
    }
  }
  const current = asked ?? shown;
  const starting = current?.action === 'start';
  const label = !current
    ? ''
    : starting && startAt
      ? t('actions.schedule')
      : t(`actions.${actionLabel(current.action, current.campaign.status)}`);
  return (
    <Modal
      opened={asked !== null}
      onClose={onClose}
      title={current ? t('confirm.title', { action: label, id: current.campaign.id }) : ''}
      centered
      data-testid="staff-action-dialog"
    >
      {current && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm({ reason, startAt: starting ? startAt : null });
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t(`confirm.text.${current.action}` as 'confirm.text.cancel')}</Text>
            {starting && (
              <Group gap="sm">
                <Text size="sm" c="dimmed">
                  {t('confirm.startTime')}
                </Text>
                <StartTime startAt={startAt} onChange={setStartAt} testId="staff-start" />
              </Group>
            )}
            <Textarea
              label={t('confirm.reason')}
              description={t('confirm.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={textLimitError(reason, REASON_MAX)}
              autosize
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {t('confirm.back')}
              </Button>
              <Button
                type="submit"
                color={isDestructive(current.action) ? 'red' : actionColor(current.action)}
                loading={pending}
              >
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
