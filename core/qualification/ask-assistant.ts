import type { Assistant, AssistantStep, QualificationContext } from "../ports.ts";

/** The assistant's next step, or null when it did not answer (the caller reports `qualification_failed`). */
export async function askAssistant(assistant: Assistant, context: QualificationContext): Promise<AssistantStep | null> {
  try {
    return await assistant.qualify(context);
  } catch {
    return null;
  }
}
