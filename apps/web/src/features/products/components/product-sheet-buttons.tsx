import { Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { IconChevronDown, IconDownload, IconUpload } from '../../../components/icons.tsx';
import { readList } from '../../../components/list-state.ts';
import { notifyFailure } from '../../../components/notify.ts';
import { downloadProducts, type ExportKind } from '../api/product-sheet.ts';
import { PRODUCT_LIST } from './product-list-params.ts';

/**
 * The overview's spreadsheet buttons: export what the list shows now (its search and filters, every
 * page) as .xlsx or CSV, and open 'Producten importeren'.
 */
export function ProductSheetButtons() {
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  async function download(kind: ExportKind) {
    const { state } = readList(PRODUCT_LIST, new URLSearchParams(location.search));
    setBusy(true);
    try {
      await downloadProducts(kind, {
        search: state.search.trim() || undefined,
        published: state.published === undefined ? undefined : state.published ? 'true' : 'false',
        availability: state.availability,
        categoryId: state.categoryId || undefined,
        sorting: `${state.sort.columnAccessor} ${state.sort.direction}`,
      });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group gap="xs" mb="md">
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload />} rightSection={<IconChevronDown />} loading={busy}>
            Exporteren
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => download('xlsx')}>Excel (.xlsx)</Menu.Item>
          <Menu.Item onClick={() => download('csv')}>CSV (.csv)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button component={Link} to="/products/import" variant="default" leftSection={<IconUpload />}>
        Importeren
      </Button>
    </Group>
  );
}
