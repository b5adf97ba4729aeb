"""Where the tests find the repository's netlists and the CLI of the same build (set by CTest;
defaults for a run from the repository root after .ci/build)."""

import os
import pathlib

import pytest

SOURCE = pathlib.Path(os.environ.get("ACAUSAL_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CLI = os.environ.get("ACAUSAL_CLI", str(SOURCE / "build" / "cli" / "acausal"))


@pytest.fixture
def netlists() -> pathlib.Path:
    return SOURCE / "netlists"


@pytest.fixture
def cli() -> str:
    return CLI
