/**
 * Mount point of the match check-in prompt (fixed bottom right), empty until match check-in is
 * built: "select 5 players and tap START WAR", roster list for monthly qualifiers, Start War button.
 */
export function CheckinPrompt() {
  return <div className="checkin-prompt-mount" data-testid="overlay-checkin-prompt" />;
}
