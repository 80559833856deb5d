import { PRODUCT_NAME } from '@ateliermarkt/contract';
import { Group, Text, ThemeIcon } from '@mantine/core';

export type BrandMarkProps = { size?: 'sm' | 'lg' };

/** The logo: a kiln arch in a terracotta tile, and the product name. */
export function BrandLogo({ size = 'sm' }: BrandMarkProps) {
  const px = size === 'lg' ? 48 : 32;
  return (
    <ThemeIcon size={px} radius="md" variant="filled" aria-hidden="true">
      <svg width={px * 0.6} height={px * 0.6} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path
          d="M14 52c0-16 8-34 18-34s18 18 18 34"
          fill="none"
          stroke="currentColor"
          strokeWidth="7"
          strokeLinecap="round"
        />
        <path d="M8 52h48" stroke="currentColor" strokeWidth="7" strokeLinecap="round" />
      </svg>
    </ThemeIcon>
  );
}

export function BrandMark({ size = 'sm' }: BrandMarkProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <BrandLogo size={size} />
      <Text component="span" ff="heading" fw={600} fz={size === 'lg' ? 28 : 20} c="terracotta.8" lh={1}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
