"""What the kill/recover trials (serial/kill_recover.py, mpi/kill_recover_mpi.py)
vary besides the trigger: recovery must not care how an image was written,
nor whether the heap's pages are moved out of it or copied. And whether this
machine lets recovery move pages at all (pages_can_move)."""
import platform
import re
import subprocess


def vary_images(rng, settings, fixed=()):
    """Some trials write zstd-compressed images; some write each image before
    the program goes on, some write the state straight into the file, some
    copy it and write in the background, the rest let the runtime choose
    (CKPT_WRITE); some recover by copying the whole heap, some copy even a
    small state into the image with 3 threads. Adds the
    choice to `settings` and returns it as text for the trial's report (""
    for the defaults). A test that fixes CKPT_WRITE (named in `fixed`) gets
    neither another write nor compression, which needs a copy."""
    chosen = ""
    vary_write = "CKPT_WRITE" not in fixed
    if vary_write and rng.random() < 0.3:
        settings["CKPT_COMPRESS"] = "zstd"
        chosen += ", zstd"
    write = rng.random() if vary_write else 1.0
    if write < 0.2:
        settings["CKPT_ASYNC_WRITE"] = 0
        chosen += ", synchronous writes"
    elif write < 0.45 and "CKPT_COMPRESS" not in settings:  # compressing copies
        settings["CKPT_WRITE"] = "through"
        chosen += ", written through"
    elif write < 0.6:
        settings["CKPT_WRITE"] = "copy"
        chosen += ", copied, written in the background"
    if rng.random() < 0.2:
        settings["CKPT_MAP_IMAGE"] = 0
        chosen += ", heap copied on recovery"
    if rng.random() < 0.25:
        settings["CKPT_COPY_THREADS"] = 3
        settings["CKPT_COPY_PARALLEL_MIN"] = 0
        chosen += ", state copied by 3 threads"
    return chosen


def vary_recovery(rng, settings):
    """MPI trials only: in some, every recovering rank first loads the image of
    the wrong rank while MPI starts (CKPT_DEBUG_WRONG_RANK_GUESS: ranks 0 and
    1 swap their guesses), which recovery must throw away. Returns the text
    for the trial's report."""
    if rng.random() < 0.2:
        settings["CKPT_DEBUG_WRONG_RANK_GUESS"] = 1
        return ", wrong rank guessed while MPI starts"
    return ""


WRONG_GUESS = re.compile(rb"rank (\d+): [^\n]*loaded rank \d+'s image of checkpoint \d+ while "
                         rb"MPI started \(the launcher's rank was a wrong guess\)")


# Where recovery moves an image's pages rather than copying them
# (runtime/src/image.c, on_local_disk): ext4, XFS, Btrfs, F2FS, tmpfs, overlayfs.
LOCAL_DISKS = {0xEF53, 0x58465342, 0x9123683E, 0xF2F52010, 0x01021994, 0x794C7630}


def pages_can_move(directory):
    """Whether recovery from a plain image in `directory` can move its pages:
    a local disk file system and Linux 5.13 or later."""
    r = subprocess.run(["stat", "-f", "-c", "%t", directory], capture_output=True, text=True)
    release = tuple(int(x) for x in re.findall(r"\d+", platform.release())[:2])
    return (r.returncode == 0 and int(r.stdout.strip(), 16) in LOCAL_DISKS and
            release >= (5, 13))
