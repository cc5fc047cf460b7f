import { Avatar, Group, Select, Text, type SelectProps } from '@mantine/core';
import type { App } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { StoreBadge } from './store-badge';

/** The value of an app in the picker: store and id (the same id can exist on both stores). */
export const appPickerValue = (app: Pick<App, 'appstore' | 'package'>) => `${app.appstore}:${app.package}`;

/** Picks one of the user's apps, with its icon and store. */
export function AppPicker({
  apps,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  apps: readonly App[];
  value: App | null;
  onChange: (app: App) => void;
}) {
  const { t } = useTranslation();
  const byValue = new Map(apps.map((app) => [appPickerValue(app), app]));
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('common.nothingFound')}
      maxDropdownHeight={320}
      placeholder={t('common.choose')}
      {...props}
      data={apps.map((app) => ({ value: appPickerValue(app), label: app.title }))}
      value={value ? appPickerValue(value) : null}
      onChange={(key) => {
        const app = key ? byValue.get(key) : undefined;
        if (app) onChange(app);
      }}
      leftSection={value ? <Avatar src={value.icon} alt="" size={22} radius="sm" /> : undefined}
      renderOption={({ option }) => {
        const app = byValue.get(option.value);
        if (!app) return option.label;
        return (
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={app.icon} alt="" size={28} radius="sm" />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" truncate>
                {app.title}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {app.package}
              </Text>
            </div>
            <StoreBadge appstore={app.appstore} />
          </Group>
        );
      }}
    />
  );
}
