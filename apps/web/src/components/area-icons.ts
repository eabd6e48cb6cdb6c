// One lucide icon per community area, shared by the navigation and the area pages.
import {
  BarChart3,
  BookOpen,
  Building2,
  CalendarDays,
  CreditCard,
  LayoutDashboard,
  Newspaper,
  Package,
  Settings,
  ShoppingCart,
  Tags,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import type { CommunityArea } from '../lib/areas';

export const areaIcons: Record<CommunityArea, LucideIcon> = {
  overview: LayoutDashboard,
  events: CalendarDays,
  news: Newspaper,
  groups: UsersRound,
  members: Users,
  booking: Package,
  orders: ShoppingCart,
  billing: CreditCard,
  tags: Tags,
  analytics: BarChart3,
  clubs: Building2,
  'knowledge-base': BookOpen,
  settings: Settings,
};
