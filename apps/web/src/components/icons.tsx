/** The line icons of the whole app, inline so no icon library lands in the bundle. */
import type { SVGProps } from 'react';

function Svg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

/** The smaller size of icons in buttons, table actions, menus and uploads. */
function SmallSvg(props: SVGProps<SVGSVGElement>) {
  return <Svg width={18} height={18} {...props} />;
}

export const IconHome = () => (
  <Svg>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5 10v10h14V10" />
  </Svg>
);
export const IconCalendar = () => (
  <Svg>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Svg>
);
export const IconBox = () => (
  <Svg>
    <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
    <path d="M3 7.5 12 12l9-4.5M12 12v9" />
  </Svg>
);
export const IconText = () => (
  <Svg>
    <path d="M4 6h16M4 12h10M4 18h13" />
  </Svg>
);
export const IconTag = () => (
  <Svg>
    <path d="M3 12V4h8l10 10-8 8z" />
    <circle cx="7.5" cy="8.5" r="1.3" />
  </Svg>
);
export const IconUsers = () => (
  <Svg>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 3-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18.5 14c2 .8 3.5 2.8 3.5 6" />
  </Svg>
);
export const IconQuestion = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </Svg>
);
export const IconPages = () => (
  <Svg>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5M9 13h7M9 17h5" />
  </Svg>
);
/** A receipt: the monthly statements ('Afrekeningen'). */
export const IconReceipt = () => (
  <Svg>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Svg>
);
/** A document with a euro sign: the fee invoices ('Facturen'). */
export const IconInvoice = () => (
  <Svg>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M15 11.5a3 3 0 1 0 0 4M9 12.5h5M9 14.5h5" />
  </Svg>
);
/** Navigation size by default; a menu passes width and height 18. */
export const IconStar = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
  </Svg>
);
export const IconShop = () => (
  <Svg>
    <path d="M4 9h16l-1 11H5z" />
    <path d="M8 9V7a4 4 0 0 1 8 0v2" />
  </Svg>
);
export const IconSettings = () => (
  <Svg>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </Svg>
);
export const IconHourglass = () => (
  <Svg>
    <path d="M6 3h12M6 21h12" />
    <path d="M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9" />
  </Svg>
);
export const IconCompass = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </Svg>
);
export const IconUser = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </Svg>
);
export const IconKey = () => (
  <Svg>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3" />
  </Svg>
);
export const IconLogout = () => (
  <Svg>
    <path d="M15 4h4v16h-4M10 17l5-5-5-5M15 12H3" />
  </Svg>
);
export const IconExternal = () => (
  <Svg>
    <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
  </Svg>
);
export const IconChevronDown = () => (
  <Svg width={16} height={16}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

export const IconDots = () => (
  <SmallSvg>
    <circle cx="5" cy="12" r="1.2" />
    <circle cx="12" cy="12" r="1.2" />
    <circle cx="19" cy="12" r="1.2" />
  </SmallSvg>
);
export const IconCheck = () => (
  <SmallSvg>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </SmallSvg>
);
export const IconPlus = () => (
  <SmallSvg>
    <path d="M12 5v14M5 12h14" />
  </SmallSvg>
);
export const IconPencil = () => (
  <SmallSvg>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </SmallSvg>
);
export const IconTrash = () => (
  <SmallSvg>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </SmallSvg>
);
export const IconCopy = () => (
  <SmallSvg>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
  </SmallSvg>
);
export const IconEye = () => (
  <SmallSvg>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </SmallSvg>
);
export const IconEyeOff = () => (
  <SmallSvg>
    <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.1 3.9M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
  </SmallSvg>
);
export const IconSearch = () => (
  <SmallSvg>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </SmallSvg>
);
/** A photo; 16 in the rich-text editor's toolbar, beside Mantine's own icons. */
export const IconPhoto = ({ size = 18 }: { size?: 16 | 18 }) => (
  <Svg width={size} height={size}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-8 8" />
  </Svg>
);
export const IconUpload = () => (
  <SmallSvg>
    <path d="M12 16V4M7 9l5-5 5 5M4 16v4h16v-4" />
  </SmallSvg>
);
export const IconDownload = () => (
  <SmallSvg>
    <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />
  </SmallSvg>
);
export const IconArrowLeft = () => (
  <SmallSvg>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </SmallSvg>
);
export const IconArrowUp = () => (
  <SmallSvg>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </SmallSvg>
);
export const IconArrowDown = () => (
  <SmallSvg>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </SmallSvg>
);
export const IconMail = () => (
  <SmallSvg>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </SmallSvg>
);
/** An image made smaller (a minus) or wider (a plus), in the rich-text editor's toolbar. */
export const IconImageSize = ({ grow }: { grow: boolean }) => (
  <Svg width={16} height={16}>
    <rect x="4" y="6" width="16" height="12" rx="2" />
    <path d="M9 12h6" />
    {grow && <path d="M12 9v6" />}
  </Svg>
);
