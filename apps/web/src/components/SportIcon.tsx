import { isOnlineEvent } from '@gameon/shared';
import {
  Bike,
  Car,
  CircleDot,
  Crosshair,
  Diamond,
  Disc,
  Feather,
  FlagTriangleRight,
  Footprints,
  Gamepad2,
  Goal,
  HockeyStick,
  Joystick,
  Pickaxe,
  Rocket,
  RugbyBall,
  Swords,
  Target,
  Trophy,
  Volleyball,
  WavesLadder,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  Football: Goal,
  Soccer: Goal,
  Basketball: CircleDot,
  Tennis: Target,
  Baseball: Diamond,
  Volleyball,
  Swimming: WavesLadder,
  Running: Footprints,
  Cycling: Bike,
  Golf: FlagTriangleRight,
  Hockey: HockeyStick,
  Cricket: Trophy,
  Rugby: RugbyBall,
  Badminton: Feather,
  'Table Tennis': Disc,
  Valorant: Crosshair,
  BGMI: Target,
  EAFC: Gamepad2,
  'NBA 2K': Gamepad2,
  'League of Legends': Swords,
  'Call of Duty': Crosshair,
  Minecraft: Pickaxe,
  'Apex Legends': Rocket,
  'Rocket League': Car,
};

/** The icon of a sport or online game; a joystick or a trophy for the rest. */
export function sportIcon(sport: string): LucideIcon {
  return icons[sport] ?? (isOnlineEvent(sport) ? Joystick : Trophy);
}

/** A decorative icon for `sport`. */
export function SportIcon({ sport, className }: { sport: string; className?: string }) {
  const Icon = sportIcon(sport);
  return <Icon aria-hidden="true" className={className ?? 'size-4'} />;
}
