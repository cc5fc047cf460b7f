import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export interface RowMenuItem {
  label: string;
  onClick: () => void;
  /** Destructive actions (delete) are red. */
  danger?: boolean;
  disabled?: boolean;
}

/** The "…" menu at the end of a table row: its button is named after the row, its items are the row's actions. */
export function RowMenu({ label, items, testId }: { label: string; items: RowMenuItem[]; testId?: string }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label} data-testid={testId}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            color={item.danger ? 'red' : undefined}
            disabled={item.disabled}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
