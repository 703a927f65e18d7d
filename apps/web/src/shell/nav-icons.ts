import {
  BookOpenText,
  ClipboardCheck,
  ExternalLink,
  FileCheck2,
  FileText,
  FolderOpen,
  MessagesSquare,
  Search,
  type LucideIcon,
} from 'lucide-react';
import type { NavigationItem } from '@civicdesk/contract';

const ICONS: Record<string, LucideIcon> = {
  'Smart Search': Search,
  'Knowledge Assistant': BookOpenText,
  'Compliance Check': ClipboardCheck,
  'Code Compliance': FileCheck2,
  'Draft Collection': FolderOpen,
  'Ordinance Search': ExternalLink,
  Summarizer: FileText,
  'Legal Chatbot': MessagesSquare,
};

export const navIconOf = (item: NavigationItem): LucideIcon => ICONS[item.title] ?? FileText;
