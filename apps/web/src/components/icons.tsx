/**
 * The dashboard's icons: Tabler's own set (`@tabler/icons-react`, the icons drawn for the Tabler theme), each
 * imported by name so only these are bundled. Tabler's components leave an icon in the accessibility tree;
 * here an icon is decoration beside its text (`aria-hidden`) unless it is given an `aria-label`. An icon that
 * is the content (the feedback rating) sits in an element with `role="img"` and a label (docs/ui.md).
 */
import type { ComponentType } from 'react';
import {
  IconAlertCircle as AlertCircle,
  IconArrowBackUp as ArrowBackUp,
  IconBook as Book,
  IconBulb as Bulb,
  IconCheck as Check,
  IconCircle as Circle,
  IconCircleCheck as CircleCheck,
  IconClock as Clock,
  IconCopy as Copy,
  IconDownload as Download,
  IconExternalLink as ExternalLink,
  IconEye as Eye,
  IconFileText as FileText,
  IconFileUpload as FileUpload,
  IconHistory as History,
  IconHome as Home,
  IconLayoutSidebarLeftCollapse as LayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand as LayoutSidebarLeftExpand,
  IconLifebuoy as Lifebuoy,
  IconListDetails as ListDetails,
  IconLoader2 as Loader2,
  IconLogout as Logout,
  IconMenu2 as Menu2,
  IconMessage2 as Message2,
  IconMessageCircle as MessageCircle,
  IconMessages as Messages,
  IconMoon as Moon,
  IconPencil as Pencil,
  IconPlugConnected as PlugConnected,
  IconPlus as Plus,
  IconSearchOff as SearchOff,
  IconSettings as Settings,
  IconShieldLock as ShieldLock,
  IconThumbDown as ThumbDown,
  IconThumbUp as ThumbUp,
  IconTrash as Trash,
  IconUpload as Upload,
  IconUsers as Users,
  IconX as X,
  type Icon as TablerIcon,
  type IconProps,
} from '@tabler/icons-react';

export type AppIcon = ComponentType<IconProps>;

function decorative(Icon: TablerIcon): AppIcon {
  function DecorativeIcon(props: IconProps) {
    return <Icon aria-hidden={props['aria-label'] === undefined ? true : undefined} focusable="false" {...props} />;
  }
  DecorativeIcon.displayName = Icon.displayName;
  return DecorativeIcon;
}

export const IconAlertCircle = /* @__PURE__ */ decorative(AlertCircle);
export const IconArrowBackUp = /* @__PURE__ */ decorative(ArrowBackUp);
export const IconBook = /* @__PURE__ */ decorative(Book);
export const IconBulb = /* @__PURE__ */ decorative(Bulb);
export const IconCheck = /* @__PURE__ */ decorative(Check);
export const IconCircle = /* @__PURE__ */ decorative(Circle);
export const IconCircleCheck = /* @__PURE__ */ decorative(CircleCheck);
export const IconClock = /* @__PURE__ */ decorative(Clock);
export const IconCopy = /* @__PURE__ */ decorative(Copy);
export const IconDownload = /* @__PURE__ */ decorative(Download);
export const IconExternalLink = /* @__PURE__ */ decorative(ExternalLink);
export const IconEye = /* @__PURE__ */ decorative(Eye);
export const IconFileText = /* @__PURE__ */ decorative(FileText);
export const IconFileUpload = /* @__PURE__ */ decorative(FileUpload);
export const IconHistory = /* @__PURE__ */ decorative(History);
export const IconHome = /* @__PURE__ */ decorative(Home);
export const IconLayoutSidebarLeftCollapse = /* @__PURE__ */ decorative(LayoutSidebarLeftCollapse);
export const IconLayoutSidebarLeftExpand = /* @__PURE__ */ decorative(LayoutSidebarLeftExpand);
export const IconLifebuoy = /* @__PURE__ */ decorative(Lifebuoy);
export const IconListDetails = /* @__PURE__ */ decorative(ListDetails);
export const IconLoader2 = /* @__PURE__ */ decorative(Loader2);
export const IconLogout = /* @__PURE__ */ decorative(Logout);
export const IconMenu2 = /* @__PURE__ */ decorative(Menu2);
export const IconMessage2 = /* @__PURE__ */ decorative(Message2);
export const IconMessageCircle = /* @__PURE__ */ decorative(MessageCircle);
export const IconMessages = /* @__PURE__ */ decorative(Messages);
export const IconMoon = /* @__PURE__ */ decorative(Moon);
export const IconPencil = /* @__PURE__ */ decorative(Pencil);
export const IconPlugConnected = /* @__PURE__ */ decorative(PlugConnected);
export const IconPlus = /* @__PURE__ */ decorative(Plus);
export const IconSearchOff = /* @__PURE__ */ decorative(SearchOff);
export const IconSettings = /* @__PURE__ */ decorative(Settings);
export const IconShieldLock = /* @__PURE__ */ decorative(ShieldLock);
export const IconThumbDown = /* @__PURE__ */ decorative(ThumbDown);
export const IconThumbUp = /* @__PURE__ */ decorative(ThumbUp);
export const IconTrash = /* @__PURE__ */ decorative(Trash);
export const IconUpload = /* @__PURE__ */ decorative(Upload);
export const IconUsers = /* @__PURE__ */ decorative(Users);
export const IconX = /* @__PURE__ */ decorative(X);
