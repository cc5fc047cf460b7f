import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBrandTelegram, IconMail, IconUserStar } from '@tabler/icons-react';
import { contactMessageBodySchema, type SupportChannelType } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { contactsQueryOptions, useSendContactMessage } from '../api/pages';
import { PageHeader } from '../../../components/page-header';

const CHANNEL_ICONS: Record<SupportChannelType, typeof IconMail> = {
  email: IconMail,
  telegram: IconBrandTelegram,
  skype: IconMail,
  whatsapp: IconMail,
};

/** A link that opens the channel: a mail client, or Telegram's web link for a handle. */
function channelHref(type: SupportChannelType, value: string): string | undefined {
  if (type === 'email') return `mailto:${value}`;
  if (type === 'telegram') return `https://t.me/${value.replace(/^@/, '')}`;
  return undefined;
}

type FormValues = { subject: string; message: string };
const loadSchema = () => Promise.resolve(contactMessageBodySchema);

function ContactForm() {
  const { t } = useTranslation('pages');
  const send = useSendContactMessage();
  const form = useSchemaForm<FormValues>(loadSchema, { subject: '', message: '' });
  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await send.mutateAsync({
        subject: values.subject.trim(),
        message: values.message.trim(),
      });
      notifySuccess(translateMessage(message));
      form.setFieldValue('subject', '');
      form.setFieldValue('message', '');
      form.setFieldError('subject', undefined);
      form.setFieldError('message', undefined);
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} {...form.formProps} aria-labelledby="contact-form-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="contact-form-title">
            {t('contacts.form.title')}
          </Title>
          <TextInput label={t('contacts.form.subject')} required {...form.getInputProps('subject')} />
          <Textarea
            label={t('contacts.form.message')}
            required
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('message')}
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('contacts.form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Contacts (customer-area §2): support's channels, the personal manager once assigned, a message form. */
export function Contacts() {
  const { t } = useTranslation('pages');
  const { data, isPending, error } = useQuery(contactsQueryOptions());
  return (
    <Stack gap="lg">
      <PageHeader title={t('contacts.title')} subtitle={t('contacts.subtitle')} />
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="sm">
            {t('contacts.channels')}
          </Title>
          {isPending ? (
            <Skeleton h={60} />
          ) : (
            <Stack gap="xs">
              {(data?.channels ?? []).map(({ type, value }) => {
                const Icon = CHANNEL_ICONS[type];
                const href = channelHref(type, value);
                return (
                  <Group key={type} gap="sm" wrap="nowrap">
                    <Icon size={20} stroke={1.6} aria-hidden />
                    <div>
                      <Text size="xs" c="dimmed">
                        {t(`contacts.channelTypes.${type}`)}
                      </Text>
                      {href ? (
                        <Anchor href={href} target={type === 'email' ? undefined : '_blank'} rel="noreferrer">
                          {value}
                        </Anchor>
                      ) : (
                        <Text>{value}</Text>
                      )}
                    </div>
                  </Group>
                );
              })}
              <Text size="sm" c="dimmed">
                {t('contacts.hours')}
              </Text>
            </Stack>
          )}
        </Card>
        <Card withBorder radius="lg" padding="lg" data-testid="personal-manager">
          <Title order={2} fz="lg" mb="sm">
            {t('contacts.manager.title')}
          </Title>
          {isPending ? (
            <Skeleton h={60} />
          ) : data?.manager ? (
            <Group gap="sm" wrap="nowrap">
              <Avatar color="teal" radius="xl">
                <IconUserStar size={20} />
              </Avatar>
              <div>
                <Text fw={600}>{data.manager.nickname}</Text>
                <Anchor href={`mailto:${data.manager.email}`} size="sm">
                  {data.manager.email}
                </Anchor>
              </div>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('contacts.manager.none')}
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <ContactForm />
    </Stack>
  );
}
