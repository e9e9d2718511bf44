/** The words of the e-mail that tells the team a reporter answered (team e-mails are in English). */
export function answerMessage(input: { reporter?: string; key: string; title: string; text: string; feedbackUrl: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: `Reply on ${input.key}: ${input.title}`,
    text: [
      `${input.reporter ?? "The reporter"} answered on ${input.key}, "${input.title}", from their tracking page:`,
      "",
      ...input.text.split("\n").map((line) => `> ${line}`),
      "",
      `Open the feedback: ${input.feedbackUrl}`,
    ].join("\n"),
  };
}
