import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export interface RowMenuItem {
  label: string;
  onClick: () => void;
  /** Destructive actions (delete) are red. */
  danger?: boolean;
  /** Another colour than the default or red (an action's own). */
  color?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * The "…" menu at the end of a table row: its button is named after the row, its items are the row's actions.
 * Its clicks stay inside it, so a row that opens on click does not open as well.
 */
export function RowMenu({
  label,
  items,
  testId,
  loading,
}: {
  label: string;
  items: RowMenuItem[];
  testId?: string;
  /** An action of the row is running. */
  loading?: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          data-testid={testId}
          loading={loading}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            color={item.danger ? 'red' : item.color}
            disabled={item.disabled}
            onClick={item.onClick}
            data-testid={item.testId}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
