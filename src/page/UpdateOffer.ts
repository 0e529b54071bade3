import { stringsFor, type Lang } from '../ui/i18n/index.js';

/**
 * The offer of a new version: a line near the top of the page with Update and Later, in the language
 * the game shows (read again whenever the player clicks or presses a key: the language may have been
 * switched). Update takes the new version (the page reloads and the saved game resumes where it was);
 * Later puts it away until the page is next opened. Plain DOM, styled by page.css: it is the page's,
 * not the element's.
 */
export class UpdateOffer {
  private box: HTMLElement | null = null;
  private readonly relabel = () => this.label();

  constructor(
    private readonly parent: HTMLElement,
    private readonly lang: () => Lang,
  ) {}

  /** Shows the offer (once); `apply` takes the new version. */
  show(apply: () => void): void {
    if (this.box) return;
    const box = document.createElement('div');
    box.className = 'update-offer';
    box.setAttribute('role', 'status');
    const text = document.createElement('span');
    const now = document.createElement('button');
    now.type = 'button';
    now.dataset.update = 'apply';
    now.addEventListener('click', () => {
      now.disabled = true;
      apply();
    });
    const later = document.createElement('button');
    later.type = 'button';
    later.dataset.update = 'later';
    later.addEventListener('click', () => this.hide());
    box.append(text, now, later);
    this.box = box;
    this.label();
    this.parent.append(box);
    // After the element's own handlers: a click on its language switch has changed the language by then.
    document.addEventListener('click', this.relabel);
    document.addEventListener('keyup', this.relabel);
  }

  /** Puts the offer away. */
  hide(): void {
    this.box?.remove();
    this.box = null;
    document.removeEventListener('click', this.relabel);
    document.removeEventListener('keyup', this.relabel);
  }

  private label(): void {
    if (!this.box) return;
    const lang = this.lang();
    const words = stringsFor(lang).update;
    const [text, now, later] = this.box.children as unknown as [HTMLElement, HTMLElement, HTMLElement];
    this.box.lang = lang;
    text.textContent = words.ready;
    now.textContent = words.apply;
    later.textContent = words.later;
  }
}
