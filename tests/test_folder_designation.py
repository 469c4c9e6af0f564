"""Which folders a task designates for a whole-folder act: never one it keeps, asks about, or
removes only on a condition; one name stands for one folder; a dotted new name is whole."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies.folders import moved_folders, removed_folders

_FOLDERS = ("build", "cache", "logs", "src", "src/cache", "tmp", "vendor/lib/cache", "photos",
            "app/build", "data")


@pytest.mark.parametrize("task", [
    "Take 'build/' out of .gitignore, and don't delete the build folder.",
    "Tidy notes.txt; do not remove the logs folder.",
    "Should I delete the logs folder? Answer in reply.txt.",
    "Delete the tmp folder only if it is empty.",
    "Explain in why.txt why we must not delete the logs folder.",
    "Copy tmp/summary.txt to summary.txt, then remove the tmp folder.",
])
def test_no_folder_is_removed_that_the_task_keeps_asks_about_or_still_needs(task):
    assert removed_folders(task, _FOLDERS) == ()


@pytest.mark.parametrize(("task", "gone"), [
    ("Delete the cache folder.", ("cache",)),
    ("Remove the build/ folder.", ("build",)),
    ("Please delete the tmp folder with everything in it.", ("tmp",)),
])
def test_a_name_shared_by_several_folders_designates_the_one_whose_whole_path_it_is(task, gone):
    assert removed_folders(task, _FOLDERS) == gone


def test_a_folder_whose_last_name_is_its_own_is_designated_by_it():
    assert removed_folders("Delete the lib folder.", ("vendor/lib", "src")) == ("vendor/lib",)


@pytest.mark.parametrize(("task", "moves"), [
    ("Rename the photos folder to photos_2025.v3", (("photos", "photos_2025.v3"),)),
    ("rename the folder data to data.old.", (("data", "data.old"),)),
    ("Don't rename the src folder to lib; rename a.txt to b.txt.", ()),
])
def test_a_new_folder_name_with_dots_is_given_whole(task, moves):
    assert moved_folders(task, _FOLDERS, ()) == moves
