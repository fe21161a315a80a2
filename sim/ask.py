"""A question over the board (the window's own, not the firmware's): "Quit?
The game is saved", "Go on with the game you left?". While it is up it owns
the keys: Return is yes, Esc is no, and no other key answers. Never a
letter: every letter the board knows is a pad, a button or the switch
(sim.keys), and a French player taught "O oui" by a dialog pressed O at
the narrator's "répondez oui ou non" and switched the board off.

    app.question = Question(WORDS[lang]["quit"], yes=stop, no=None)
    question.key(unicode, key) -> True once answered; question.draw(surface, layout, fonts)
"""

import os
import time

import pygame

from firmware.board import GUESTS

from .cards import record
from .paint.fonts import wrap

GOLD = (212, 175, 55)
TEXT = (236, 228, 210)

WORDS = {
    "en": {
        "quit": "Quit? The game is saved: clue-fx offers to go on with it next time.",
        "resume": "A game was left unfinished%s: %s. Go on with it?",
        "resume_off": "A game was switched off while it was going%s: %s. Go on with it?",
        "back": "The board was switched off during a game: %s. Go on with it? (No: a new game.)",
        "when": " on %s",
        "what": "%s, %s, %d min played (seed %d)",
        "paper": "paper cards",
        "table": "the card table",
        "bots": "the card table (bots: %s)",
        "nobody": "no guest yet",
        "and": " and ",
        "not_table": " It was played with the paper cards, not at the card table you asked for: "
        "Return goes on with it on paper, Esc starts a new game at the card table.",
        "yes_no": "Return: yes    Esc: no",
    },
    "fr": {
        "quit": "Quitter ? La partie est gardée : clue-fx proposera de la reprendre.",
        "resume": "Une partie n'est pas finie%s : %s. La reprendre ?",
        "resume_off": "Une partie a été éteinte en cours de jeu%s : %s. La reprendre ?",
        "back": "Le plateau a été éteint en cours de partie : %s. La reprendre ? (Non : une nouvelle partie.)",
        "when": " le %s",
        "what": "%s, %s, %d min de jeu (graine %d)",
        "paper": "cartes en papier",
        "table": "la table de cartes",
        "bots": "la table de cartes (robots : %s)",
        "nobody": "aucun invité encore",
        "and": " et ",
        "not_table": " Elle se jouait avec les cartes en papier, pas à la table de cartes demandée : "
        "Entrée la reprend sur papier, Échap commence une nouvelle partie à la table de cartes.",
        "yes_no": "Entrée : oui    Échap : non",
    },
}
YES = ("\r", "\n")  # Return
NO = ("\x1b",)  # Esc


def game_text(lang, resumed, labels):
    """What kind of game a hal.resume.Resumed is, in a few words: the paper
    cards or the card table (and its bots), the guests, how long (and its seed)."""
    w = WORDS.get(lang, WORDS["en"])
    seats = record.setup(resumed.extras)
    if seats is None:
        kind = w["paper"]
    elif seats[0]:
        kind = w["bots"] % ", ".join(labels.guests[g] for g in GUESTS if g in seats[0])
    else:
        kind = w["table"]
    guests = [labels.guests[g] for g in GUESTS if g in resumed.narrator.guests]
    if len(guests) > 1:
        guests = [", ".join(guests[:-1]) + w["and"] + guests[-1]]
    return w["what"] % (kind, guests[0] if guests else w["nobody"], resumed.last_t // 60000, resumed.seed)


def when_text(lang, path):
    """ " on 2026-12-06 21:14": when the trace at `path` was last written ("" if unknown)."""
    try:
        mtime = os.path.getmtime(path)
    except (OSError, TypeError):
        return ""
    return WORDS.get(lang, WORDS["en"])["when"] % time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime))


def resume_question(lang, offer, build, labels, table_asked=False):
    """Go on with the sim.saved.Offer's game (build(stream, resumed)), or start
    anew. It says what kind of game it was; `table_asked` (--table) with a
    game of the paper cards: it says so, and no starts a game at the table."""
    w = WORDS.get(lang, WORDS["en"])
    r = offer.resumed
    form = w["resume_off" if offer.before_off else "resume"]
    text = form % (when_text(lang, offer.saved.path), game_text(lang, r, labels))
    if table_asked and record.setup(r.extras) is None:
        text += w["not_table"]
    return Question(text, lang, yes=lambda: build(*offer.take()), no=lambda: build(offer.fresh(), None))


def back_question(lang, resumed, labels, yes, no):
    """The switch ON after an OFF that ended a game going: go on with it, or a new game."""
    text = WORDS.get(lang, WORDS["en"])["back"] % game_text(lang, resumed, labels)
    return Question(text, lang, yes=yes, no=no)


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
        """The question in a box as tall as its words (a long offer says what game it was), then its keys."""
        x, w = 240, 800
        font = fonts.get(22, "serif")
        lines = wrap(font, self.text, lay.n(w - 48))
        h = max(200, 24 + len(lines) * font.get_linesize() / lay.scale + 64)
        y = 400 - h / 2
        box = lay.r((x, y, w, h))
        veil = pygame.Surface(box[2:], pygame.SRCALPHA)
        veil.fill((12, 10, 8, 246))
        surface.blit(veil, box[:2])
        pygame.draw.rect(surface, GOLD, box, lay.n(2), border_radius=lay.n(8))
        top = box[1] + lay.n(24)
        for line in lines:
            surface.blit(font.render(line, True, TEXT), (box[0] + lay.n(24), top))
            top += font.get_linesize()
        small = fonts.get(18, "bold")
        words = WORDS.get(self.lang, WORDS["en"])["yes_no"]
        surface.blit(small.render(words, True, GOLD), (box[0] + lay.n(24), box[1] + box[3] - lay.n(44)))
