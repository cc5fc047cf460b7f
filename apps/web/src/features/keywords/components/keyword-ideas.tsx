import { Button, Group } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import type { KeywordIdea } from '@storelift/shared';
import { useTranslation } from 'react-i18next';

/** Keyword ideas (suggestions, recommended) as one-click add buttons; added ones are marked. */
export function KeywordIdeas({
  ideas,
  adding,
  onAdd,
  testId,
}: {
  ideas: readonly KeywordIdea[];
  adding: ReadonlySet<string>;
  onAdd: (keyword: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('app');
  return (
    <Group gap={6} wrap="wrap" data-testid={testId}>
      {ideas.map(({ keyword, added }) =>
        added ? (
          <Button
            key={keyword}
            size="compact-sm"
            variant="default"
            radius="xl"
            disabled
            leftSection={<IconCheck size={14} />}
            aria-label={t('keywords.ideas.added', { keyword })}
          >
            {keyword}
          </Button>
        ) : (
          <Button
            key={keyword}
            size="compact-sm"
            variant="light"
            radius="xl"
            loading={adding.has(keyword)}
            leftSection={<IconPlus size={14} />}
            aria-label={t('keywords.ideas.add', { keyword })}
            onClick={() => onAdd(keyword)}
          >
            {keyword}
          </Button>
        ),
      )}
    </Group>
  );
}
