import {
  Action,
  Cancel,
  Content,
  Description,
  Overlay,
  Portal,
  Root,
  Title,
  Trigger,
} from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { buttonClass } from "./ui";

/**
 * A confirmation before a change that cannot simply be undone (cancelling an order, removing staff):
 * Radix's AlertDialog traps focus, returns it to the trigger and closes on Escape.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = true,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
}) {
  return (
    <Root>
      <Trigger asChild>{trigger}</Trigger>
      <Portal>
        <Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Title className="text-lg font-semibold text-neutral-900">{title}</Title>
          <Description className="mt-2 text-sm text-neutral-700">{description}</Description>
          <div className="mt-5 flex justify-end gap-2">
            <Cancel className={buttonClass.secondary}>Keep it</Cancel>
            <Action className={danger ? buttonClass.danger : buttonClass.primary} onClick={onConfirm}>
              {confirmLabel}
            </Action>
          </div>
        </Content>
      </Portal>
    </Root>
  );
}
