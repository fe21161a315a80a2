"""What was in the confidential case (issue 14, the desktop table): the guest
who accused wrongly sees it, alone, on their verdict screen (the rulebook:
they look in the case without showing it); when the game is over, the case
is opened for everyone."""

from types import SimpleNamespace

import pytest

from sim.hotseat.screens import Screens
from sim.words.card_words import Words

SOLUTION = ("OLIVE", "ECURIE", "RAQUETTE")


def session():
    deal = SimpleNamespace(solution=SOLUTION, hands={"COMTE": (), "LAVANDE": ()})
    table = SimpleNamespace(deal=deal, guests=("COMTE", "LAVANDE"), winner=None)
    return SimpleNamespace(notes=[], table=table, pending=None, accusing=None, bots={}, verdict_due=None)


def test_a_wrong_accuser_sees_the_case_alone_and_everyone_sees_it_at_the_end():
    s = session()
    screens = Screens(s, people=("COMTE", "LAVANDE"))
    s.notes.append(("verdict", "COMTE", ("ROSE", "GARAGE", "NAIN"), False))
    screens.update()
    queued = [screens.screen] + screens.queue
    verdict = [x for x in queued if x.kind == "verdict"][0]
    assert verdict.guest == "COMTE" and verdict.private  # behind a "pass to" screen: the Comte's alone
    assert verdict.data["solution"] == SOLUTION
    # the game goes on (Lady Lavande still plays): then it is over, and the case opened for everyone
    s.notes.append(("over", "LAVANDE"))
    screens.update()
    queued = [x for x in [screens.screen] + screens.queue if x is not None]
    final = [x for x in queued if x.kind == "solution"]
    assert len(final) == 1 and final[0].guest is None and not final[0].private
    assert final[0].data["triple"] == SOLUTION


def test_game_over_is_one_page_whoever_accused_last():
    """The last verdict and the open case on one page, one "Got it" (not two pages in a row)."""
    for right in (True, False):
        for people in (("COMTE",), ("COMTE", "LAVANDE"), ("LAVANDE",)):
            s = session()
            screens = Screens(s, people=people)
            s.notes.append(("verdict", "COMTE", SOLUTION if right else ("ROSE", "GARAGE", "NAIN"), right))
            s.notes.append(("over", "COMTE" if right else "LAVANDE"))
            screens.update()
            pages = []
            while screens.screen is not None:
                pages.append(screens.showing()[0])
                screens.choose("ready" if screens.screen.kind == "pass" else "ok")
            assert pages == ["solution"], (right, people, pages)
            assert screens.shown_log[-1] == ("solution", None)


def test_a_right_accusation_needs_no_second_look():
    s = session()
    screens = Screens(s, people=("COMTE",))
    s.notes.append(("verdict", "COMTE", SOLUTION, True))
    screens.update()
    verdict = [x for x in [screens.screen] + screens.queue if x and x.kind == "verdict"][0]
    assert verdict.data["solution"] is None


@pytest.mark.parametrize(
    "lang, text",
    [("fr", "L'enveloppe confidentielle contenait : "), ("en", "The confidential case held: ")],
)
def test_the_case_in_words(lang, text):
    line = Words(lang).solution(SOLUTION)
    assert line.startswith(text) and line.endswith(".") and "OLIVE" not in line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_after_a_hypothesis_the_asker_is_told_to_press_stop(lang, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from sim.hotseat.view import HotSeatView

    pygame.init()
    try:
        s = session()
        screens = Screens(s, people=("COMTE",))
        hyp = SimpleNamespace(asker="COMTE", shower="LAVANDE", card="GARAGE", named=("ROSE", "GARAGE", "NAIN"),
                              passed=())
        s.notes.append(("hypothesis", hyp))
        screens.update()
        while screens.screen is not None and screens.screen.kind == "pass":
            screens.choose("ready")
        assert screens.showing() == ("shown", "COMTE")
        view = HotSeatView(screens, Words(lang))
        said = []
        real = HotSeatView._line

        def spy(self, surface, text, *args, **kw):
            said.append(text)
            return real(self, surface, text, *args, **kw)

        monkeypatch.setattr(HotSeatView, "_line", spy)
        view.draw(pygame.Surface((784, 768)))
        assert Words(lang).text["then_stop"] in said and "STOP" in Words(lang).text["then_stop"]
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_accusation_picker_fits_every_name_in_its_button(lang, monkeypatch):
    """No card's button runs over the next ("Gatekeeper's lodge" did)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from hal.captions import load
    from sim.hotseat.view import HotSeatView
    from sim.words.labels import Labels

    pygame.init()
    try:
        s = session()
        s.accusing = s.verdict_due = "COMTE"
        screens = Screens(s, people=("COMTE",))
        screens.update()
        while screens.screen is not None and screens.screen.kind == "pass":
            screens.choose("ready")
        assert screens.showing() == ("accuse", "COMTE")
        view = HotSeatView(screens, Words(lang, Labels(lang, load(lang))))
        view.draw(pygame.Surface((784, 768)))
        rects = [pygame.Rect(r) for r, _ in view.buttons + view.disabled]
        assert len(rects) >= 23
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), (a, b)
    finally:
        pygame.quit()
