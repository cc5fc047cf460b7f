import { useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { createTransferBodySchema } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import '../../../lib/transfer-messages';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useLookUpReceiver, useSendTransfer } from '../api/transfers';

interface Values extends Record<string, unknown> {
  email: string;
  amount: string;
  description: string;
  password: string;
  code: string;
}
const EMPTY: Values = { email: '', amount: '', description: '', password: '', code: '' };
const loadSchema = () => Promise.resolve(createTransferBodySchema);

/**
 * Send money from the main balance to another account: the receiver's e-mail is looked up first and their
 * name shown masked; the transfer is then confirmed with the password (and the 2FA code when it is on).
 */
export function TransferForm(props: TransferFormProps) {
  // A sent transfer starts a new, untouched form (no "required" on the emptied fields).
  const [round, setRound] = useState(0);
  return <TransferFormRound key={round} {...props} onSent={() => setRound((value) => value + 1)} />;
}

interface TransferFormProps {
  needsCode: boolean;
  maxAmount?: string | undefined;
  leftToday?: string | undefined;
}

function TransferFormRound({
  needsCode,
  maxAmount,
  leftToday,
  onSent,
}: TransferFormProps & { onSent: () => void }) {
  const { t } = useTranslation('money');
  const form = useSchemaForm<Values>(loadSchema, EMPTY);
  const lookUp = useLookUpReceiver();
  const send = useSendTransfer();
  const [receiver, setReceiver] = useState<{ email: string; name: string } | null>(null);

  const check = async () => {
    setReceiver(null);
    try {
      const answer = await lookUp.mutateAsync(form.values.email.trim());
      setReceiver({ email: form.values.email.trim(), name: answer.data.name });
    } catch (error) {
      showFormError(form, error);
    }
  };
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({
        email: values.email.trim(),
        amount: values.amount.trim().replace(',', '.'),
        description: values.description.trim() || undefined,
        password: values.password,
        code: values.code.trim() || undefined,
      });
      notifySuccess(translateMessage(answer.message));
      onSent();
    } catch (error) {
      showFormError(form, error);
    }
  });
  const confirmed = receiver !== null && receiver.email === form.values.email.trim();

  return (
    <Paper withBorder radius="md" p="md" maw={640}>
      <form
        // Before the receiver is found, Enter looks them up.
        onSubmit={
          confirmed
            ? submit
            : (event) => {
                event.preventDefault();
                void check();
              }
        }
        {...form.formProps}
        aria-labelledby="transfer-form-title"
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="transfer-form-title">
            {t('transfers.formTitle')}
          </Title>
          {maxAmount && leftToday && (
            <Text size="sm" c="dimmed" data-testid="transfer-limits">
              {t('transfers.limits', { max: formatMoney(maxAmount), left: formatMoney(leftToday) })}
            </Text>
          )}
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={t('transfers.email')}
              type="email"
              autoComplete="off"
              style={{ flex: 1 }}
              required
              data-testid="transfer-email"
              {...form.getInputProps('email')}
            />
            <Button
              variant="light"
              onClick={() => void check()}
              loading={lookUp.isPending}
              data-testid="transfer-check"
            >
              {t('transfers.check')}
            </Button>
          </Group>
          {confirmed && (
            <Alert
              color="teal"
              icon={<IconUserCheck size={18} />}
              data-testid="transfer-receiver"
              role="status"
            >
              {t('transfers.receiver', { name: receiver.name })}
            </Alert>
          )}
          {confirmed && (
            <>
              <TextInput
                label={t('transfers.amount')}
                inputMode="decimal"
                rightSection="USD"
                rightSectionWidth={48}
                maw={240}
                required
                data-testid="transfer-amount"
                {...form.getInputProps('amount')}
              />
              <TextInput
                label={t('transfers.description')}
                description={t('transfers.descriptionHint')}
                data-testid="transfer-description"
                {...form.getInputProps('description')}
              />
              <PasswordInput
                label={t('transfers.password')}
                description={t('transfers.passwordHint')}
                autoComplete="current-password"
                required
                maw={320}
                data-testid="transfer-password"
                {...form.getInputProps('password')}
              />
              {needsCode && (
                <TextInput
                  label={t('transfers.code')}
                  description={t('transfers.codeHint')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  maw={240}
                  data-testid="transfer-code"
                  {...form.getInputProps('code')}
                />
              )}
              <Group>
                <Button type="submit" loading={form.submitting} data-testid="transfer-send">
                  {t('transfers.send')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
