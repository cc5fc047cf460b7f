import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type LegalDocumentKind = 'terms' | 'privacy';
const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

/** The terms of service or the privacy policy, in the interface language. */
export function LegalDocument({ kind }: { kind: LegalDocumentKind }) {
  // The long texts live in their own namespace, loaded with this page.
  const { t, ready } = useTranslation('legal');
  if (!ready) return <Loader m="xl" />;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="article" maw={880}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t(`${kind}.title`)}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t(`${kind}.updated`)}
          </Text>
        </div>
        <Text>{t(`${kind}.intro`)}</Text>
        {SECTIONS.map((section, index) => (
          <section key={section}>
            <Title order={2} fz="lg" mb={6}>
              {index + 1}. {t(`${kind}.sections.${section}.title`)}
            </Title>
            <Text size="sm" lh={1.7}>
              {t(`${kind}.sections.${section}.body`)}
            </Text>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
