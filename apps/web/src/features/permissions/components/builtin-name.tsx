import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A role's, module's or function's name in its list, marked when it is built in (the server checks it). */
export function BuiltinName({ row }: { row: { name: string; builtin: boolean } }) {
  const { t } = useTranslation('access');
  return (
    <Group gap={6}>
      <Text size="sm" fw={500}>
        {row.name}
      </Text>
      {row.builtin && (
        <Badge size="xs" variant="light" color="gray">
          {t('builtin')}
        </Badge>
      )}
    </Group>
  );
}
