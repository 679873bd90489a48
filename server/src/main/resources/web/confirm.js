// A yes-or-no question in a modal dialog, for the moves that cannot be taken back (resigning,
// leaving a game in play). The dialog keeps focus inside itself and Escape cancels.

const $ = (id) => document.getElementById(id);

/** Asks {@code question}; resolves true only when the person chose {@code yes}. */
export function ask(question, yes) {
  const dialog = $('confirm');
  $('confirm-text').textContent = question;
  $('confirm-yes').textContent = yes;
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
    dialog.showModal();
    $('confirm-no').focus();
  });
}
