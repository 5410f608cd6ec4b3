import type { LucideIcon } from "lucide-react";
import { Building2, Handshake, Landmark, Lightbulb, Lock, Smartphone, Sparkles, Target, Telescope, Users, Wallet } from "lucide-react";

/** Auto play advances every 4 s (spec 000 §9). */
export const AUTO_PLAY_MS = 4000;
/** After a role is chosen the tour moves on after 0.5 s (spec 000 §9). */
export const ROLE_CHOICE_DELAY_MS = 500;

/** Step id of the interactive question whose answer prefills the application. */
export const ROLE_STEP_ID = "role-choice";

/** The choices of the interactive step; only psp and mno can be licensed through the form. */
export type RoleChoice = "psp" | "mno" | "bank";
export const ROLE_CHOICES: { id: RoleChoice; icon: LucideIcon }[] = [
  { id: "psp", icon: Wallet },
  { id: "mno", icon: Smartphone },
  { id: "bank", icon: Landmark },
];

/**
 * A step of the tour, its texts under tour.steps.<id>: the role-choice step waits for an answer
 * (auto play stops there); every other step shows three highlights (h1 to h3).
 */
export type TourStep =
  | { id: typeof ROLE_STEP_ID; icon: LucideIcon; interactive: true }
  | {
      id: "welcome" | "mission" | "vision" | "benefits" | "security" | "innovation" | "community";
      icon: LucideIcon;
      interactive?: false;
    };

/** The eight steps, in order (spec 000 §2). */
export const TOUR_STEPS: TourStep[] = [
  { id: "welcome", icon: Sparkles },
  { id: "mission", icon: Target },
  { id: "vision", icon: Telescope },
  { id: ROLE_STEP_ID, icon: Building2, interactive: true },
  { id: "benefits", icon: Handshake },
  { id: "security", icon: Lock },
  { id: "innovation", icon: Lightbulb },
  { id: "community", icon: Users },
];


/** Answers collected by the tour, keyed by step id. */
export type TourAnswers = Record<string, string>;

/** True for a value the wizard may return as the chosen institution type. */
export function isRoleChoice(value: unknown): value is RoleChoice {
  return value === "psp" || value === "mno" || value === "bank";
}
