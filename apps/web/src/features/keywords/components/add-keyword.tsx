import { useState } from 'react';
import { ActionIcon, Card, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCornerDownLeft, IconSparkles } from '@tabler/icons-react';
import { keywordMessage, normalizeKeywordText } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { translateMessage } from '../../../lib/messages';
import { suggestsQueryOptions, useAddKeyword, type KeywordScope } from '../api/keywords';
import { KeywordIdeas } from './keyword-ideas';

/** How long typing pauses before the store is asked for suggestions. */
const SUGGEST_DEBOUNCE_MS = 300;

/** Adding keywords, one at a time: state shared by the input, the suggestions and the recommended list. */
export function useKeywordAdder(scope: KeywordScope) {
  const add = useAddKeyword(scope);
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());

  /** Adds a keyword; resolves to the error message for the input, or null when added. */
  const addKeyword = async (text: string): Promise<string | null> => {
    const rule = keywordMessage(text);
    if (rule) return rule;
    const keyword = normalizeKeywordText(text);
    setAdding((current) => new Set(current).add(keyword));
    try {
      await add.mutateAsync(keyword);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        return error.errors?.keyword?.[0] ?? Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
      }
      showApiError(error);
      return null;
    } finally {
      setAdding((current) => {
        const next = new Set(current);
        next.delete(keyword);
        return next;
      });
    }
  };
  return { addKeyword, adding };
}

export type KeywordAdder = ReturnType<typeof useKeywordAdder>;

/**
 * The keyword input: Enter adds what is typed (checked with the shared keyword rule, then by the
 * server); the store's suggestions for the typed text appear below, each added with one click.
 */
export function AddKeyword({ scope, adder }: { scope: KeywordScope; adder: KeywordAdder }) {
  const { t } = useTranslation('app');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [typed] = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggests = useQuery({ ...suggestsQueryOptions(scope, typed), enabled: typed.length >= 2 });
  const ideas = typed.length >= 2 ? (suggests.data?.data ?? []) : [];
  const busy = adder.adding.has(normalizeKeywordText(text));

  const submit = async () => {
    if (busy) return;
    const message = await adder.addKeyword(text);
    setError(message);
    if (!message) setText('');
  };

  const ideaError = async (keyword: string) => {
    const message = await adder.addKeyword(keyword);
    if (message) setError(message);
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <TextInput
          label={t('keywords.add.label')}
          placeholder={t('keywords.add.placeholder')}
          description={t('keywords.add.hint')}
          value={text}
          maxLength={120}
          autoComplete="off"
          enterKeyHint="done"
          data-testid="keyword-input"
          error={error ? translateMessage(error) : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void submit();
          }}
          rightSection={
            busy ? (
              <Loader size={16} />
            ) : (
              <Tooltip label={t('keywords.add.submit')} withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('keywords.add.submit')}
                  onClick={() => void submit()}
                  disabled={!text.trim()}
                >
                  <IconCornerDownLeft size={16} />
                </ActionIcon>
              </Tooltip>
            )
          }
        />
        {typed.length >= 2 && (
          <Stack gap={6}>
            <Group gap={6} c="dimmed">
              <IconSparkles size={14} />
              <Text size="xs" fw={600} tt="uppercase">
                {t('keywords.suggestions')}
              </Text>
              {suggests.isFetching && <Loader size={12} />}
            </Group>
            {suggests.data?.message ? (
              <Text size="sm" c="red">
                {translateMessage(suggests.data.message)}
              </Text>
            ) : ideas.length > 0 ? (
              <KeywordIdeas
                ideas={ideas}
                adding={adder.adding}
                onAdd={(keyword) => void ideaError(keyword)}
                testId="keyword-suggestions"
              />
            ) : (
              !suggests.isFetching && (
                <Text size="sm" c="dimmed">
                  {t('keywords.noSuggestions')}
                </Text>
              )
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
