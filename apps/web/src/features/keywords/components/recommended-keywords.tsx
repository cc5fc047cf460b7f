import { Card, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifyError } from '../../../lib/notify';
import { recommendedQueryOptions, type KeywordScope } from '../api/keywords';
import type { KeywordAdder } from './add-keyword';
import { KeywordIdeas } from './keyword-ideas';

/** Keywords the store's data recommends for the app, each added with one click; "Can't load keywords" on failure. */
export function RecommendedKeywords({ scope, adder }: { scope: KeywordScope; adder: KeywordAdder }) {
  const { t } = useTranslation('app');
  const recommended = useQuery(recommendedQueryOptions(scope));
  // customer-area §8: a failure says "Can't load keywords" and the list is emptied.
  const failure = recommended.data?.message ?? (recommended.error ? errorText(recommended.error) : null);
  const ideas = failure ? [] : (recommended.data?.data ?? []);

  return (
    <Card withBorder radius="lg" padding="md" h="100%">
      <Stack gap="sm">
        <Group gap={6} justify="space-between">
          <Group gap={6}>
            <IconBulb size={18} stroke={1.6} color="var(--mantine-color-yellow-6)" />
            <Text fw={600} size="sm">
              {t('keywords.recommended.title')}
            </Text>
          </Group>
          {recommended.isFetching && !recommended.isPending && <Loader size={14} />}
        </Group>
        {recommended.isPending ? (
          <Group gap={6}>
            {[70, 90, 60, 110, 80].map((width) => (
              <Skeleton key={width} height={24} width={width} radius="xl" />
            ))}
          </Group>
        ) : failure ? (
          <Text size="sm" c="red" role="alert">
            {translateMessage(failure)}
          </Text>
        ) : ideas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('keywords.recommended.empty')}
          </Text>
        ) : (
          <KeywordIdeas
            ideas={ideas}
            adding={adder.adding}
            onAdd={(keyword) =>
              void adder
                .addKeyword(keyword)
                .then((message) => message && notifyError(translateMessage(message)))
            }
            testId="recommended-keywords"
          />
        )}
      </Stack>
    </Card>
  );
}
