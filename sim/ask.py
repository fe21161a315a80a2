"""A question over the board (the window's own, not the firmware's): "Quit?
The game is saved", "Go on with the game you left?". While it is up it owns
the keys: Return is yes, Esc is no, and no other key answers. Never a
letter: every letter the board knows is a pad, a button or the switch
(sim.keys), and a French player taught "O oui" by a dialog pressed O at
the narrator's "répondez oui ou non" and switched the board off.

    app.question = Question(WORDS[lang]["quit"], yes=stop, no=None)
    question.key(unicode, key) -> True once answered; question.draw(surface, layout, fonts)
"""

import pygame

from .paint.fonts import wrap

GOLD = (212, 175, 55)
TEXT = (236, 228, 210)

WORDS = {
    "en": {
        "quit": "Quit? The game is saved: clue-fx offers to go on with it next time.",
        "resume": "A game was left unfinished (seed %d, %d min played). Go on with it?",
        "yes_no": "Return: yes    Esc: no",
    },
    "fr": {
        "quit": "Quitter ? La partie est gardée : clue-fx proposera de la reprendre.",
        "resume": "Une partie n'est pas finie (graine %d, %d min de jeu). La reprendre ?",
        "yes_no": "Entrée : oui    Échap : non",
    },
}
YES = ("\r", "\n")  # Return
NO = ("\x1b",)  # Esc


def resume_question(lang, offer, build):
    """Go on with the sim.saved.Offer's game (build(stream, resumed)), or start anew."""
    r = offer.resumed
    text = WORDS.get(lang, WORDS["en"])["resume"] % (r.seed, r.last_t // 60000)
    return Question(text, lang, yes=lambda: build(*offer.take()), no=lambda: build(offer.fresh(), None))


def quit_question(lang, stop):
    return Question(WORDS.get(lang, WORDS["en"])["quit"], lang, yes=stop)


class Question:
    def __init__(self, text, lang, yes=None, no=None):
        """`yes`, `no`: called with no argument once answered (or None)."""
        self.text = text
        self.lang = lang
        self._yes = yes
        self._no = no
        self.answer = None

    def key(self, unicode, key=None):
        """A key while the question is up: True if it answered it."""
        ch = "\x1b" if key == pygame.K_ESCAPE else "\r" if key in (pygame.K_RETURN, pygame.K_KP_ENTER) else unicode
        ch = (ch or "").lower()
        if ch in YES or ch in NO:
            self.answer = ch in YES
            then = self._yes if self.answer else self._no
            if then is not None:
                then()
            return True
        return False

    def draw(self, surface, lay, fonts):
        x, y, w, h = 240, 300, 800, 200
        box = lay.r((x, y, w, h))
        veil = pygame.Surface(box[2:], pygame.SRCALPHA)
        veil.fill((12, 10, 8, 246))
        surface.blit(veil, box[:2])
        pygame.draw.rect(surface, GOLD, box, lay.n(2), border_radius=lay.n(8))
        font = fonts.get(22, "serif")
        top = box[1] + lay.n(24)
        for line in wrap(font, self.text, box[2] - lay.n(48)):
            surface.blit(font.render(line, True, TEXT), (box[0] + lay.n(24), top))
            top += font.get_linesize()
        small = fonts.get(18, "bold")
        words = WORDS.get(self.lang, WORDS["en"])["yes_no"]
        surface.blit(small.render(words, True, GOLD), (box[0] + lay.n(24), box[1] + box[3] - lay.n(44)))
