# Build cardgui's Windows installer, dist\cardgui-VERSION-setup.exe.  Run on
# Windows from any folder, with Python 3.11+ on PATH and Inno Setup 6 installed:
#
#     python -m pip install "pyinstaller>=6" pillow .
#     pwsh packaging\windows\build-installer.ps1
#
# Steps: the PyInstaller bundle dist\cardgui\ (packaging\cardgui.spec; Pillow
# turns the PNG icon into the .exe's icon), a start of the bundled program
# offscreen until it has drawn the table once, then Inno Setup.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

python -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist `
    --workpath build\pyinstaller packaging\cardgui.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }

$version = ((& dist\cardgui\cardgui.exe --version) -split " ")[1]
if (-not $version) { throw "the bundle did not report its version" }

# The bundle must start and draw before it is packed.
$smoke = New-Item -ItemType Directory -Force build\smoke
$env:CARDGUI_HOME = $smoke.FullName
$env:QT_QPA_PLATFORM = "offscreen"
$env:CARDGUI_EXIT_AFTER_FIRST_FRAME = "1"
$output = & dist\cardgui\cardgui.exe klondike --deal 1
$status = $LASTEXITCODE
Remove-Item Env:CARDGUI_HOME, Env:QT_QPA_PLATFORM, Env:CARDGUI_EXIT_AFTER_FIRST_FRAME
if ($status -ne 0 -or -not ($output -match "^first-frame \d+")) {
    throw "the bundled cardgui did not draw its first frame (status $status): $output"
}
Write-Host "bundle drew its first frame: $output"

$iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) { $iscc = Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe" }
& $iscc /Q "/DAppVersion=$version" packaging\windows\cardgui.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
Write-Host "wrote dist\cardgui-$version-setup.exe"
